import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../test/render';
import { CataloguePage } from './catalogue-page';

describe('CataloguePage', () => {
  it('shows the verified toast once and removes ?verified=1 from the address', async () => {
    stubApi();
    renderWithProviders(<CataloguePage />, { route: '/?verified=1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Available Courses' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Explore our professional development courses designed to enhance your skills and knowledge.',
      ),
    ).toBeInTheDocument();
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Email verified successfully');
    expect(toast).toHaveTextContent('Your account has been verified. You can now access all courses.');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
