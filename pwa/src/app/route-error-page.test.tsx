import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page';

const draw = () =>
  render(
    <MemoryRouter>
      <RouteErrorPage />
    </MemoryRouter>,
  );

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorPage', () => {
  it('online: something went wrong, reload', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    draw();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the courses' })).toBeNull();
    expect(document.title).toContain('Something went wrong');
  });

  it('offline: the page is not on this device yet, and what still works', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    draw();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This page is not on this device yet',
    );
    expect(screen.getByText(/opened or downloaded still work offline/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the courses' })).toHaveAttribute('href', '/');
  });
});
