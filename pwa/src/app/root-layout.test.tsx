import { brand, copyrightLine } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deleteUserDb } from '../offline/db';
import { rememberProfile, signedInRoleHint } from '../offline/profile';
import { buildUser, jsonResponse, renderWithProviders, stubApi } from '../test/render';
import { RootLayout } from './root-layout';

describe('RootLayout', () => {
  it('has a skip link, header, main and footer with the spec links', async () => {
    stubApi();
    renderWithProviders(<RootLayout />);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: brand.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${brand.supportEmail}`,
    );
    expect(within(footer).getByText(copyrightLine)).toBeInTheDocument();
    const company = screen.getByRole('link', { name: new RegExp(brand.companyName) });
    expect(company).toHaveAttribute('href', brand.companyUrl);
    expect(company).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Prompt Library' })).toHaveAttribute('href', '/prompts');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('is laid out for the teacher this device last saw while the server has not answered (no jump)', async () => {
    const teacher = buildUser({ id: 'layout-hint', role: 'free' });
    await rememberProfile(teacher);
    expect(signedInRoleHint()).toBe('free');
    let answer: (response: Response) => void = () => {};
    stubApi({ 'GET /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<RootLayout />);
    // Before 'me' answers: the free teacher's header (Upgrade to Premium) and the status line's place.
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(screen.getByTestId('sync-status-placeholder')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Loading');
    // The server says signed out: the anonymous header, and the device forgets the hint.
    answer(jsonResponse(401, { error: 'Please sign in to continue.' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('sync-status-placeholder')).not.toBeInTheDocument();
    await waitFor(() => expect(signedInRoleHint()).toBeNull());
    await deleteUserDb(teacher.id);
  });

  it('has no layout hint on a device where nobody signed in', () => {
    expect(signedInRoleHint()).toBeNull();
  });

  it('opens the Leave Learning Platform? dialog from the footer logo', async () => {
    stubApi();
    const { user } = renderWithProviders(<RootLayout />);
    await user.click(screen.getByRole('button', { name: /logo/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Learning Platform?' });
    expect(dialog).toHaveTextContent(
      'You are about to leave the Learning Platform and go to the company website. Any unsaved progress will remain saved.',
    );
    const go = within(dialog).getByRole('link', { name: 'Go to Website' });
    expect(go).toHaveAttribute('href', brand.companyUrl);
    expect(go).toHaveAttribute('target', '_blank');
    await user.click(within(dialog).getByRole('button', { name: 'Stay Here' }));
    await waitForGone();
  });
});

async function waitForGone() {
  const { waitForElementToBeRemoved } = await import('@testing-library/react');
  const dialog = screen.queryByRole('dialog');
  if (dialog) await waitForElementToBeRemoved(dialog);
}
