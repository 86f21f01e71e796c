import { authMessages } from '@pd/domain';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, fill, renderWithProviders, stubApi } from '../test/render';
import { RootLayout } from './root-layout';

// The page is "up" when this test says so, and the update prompt's code is still on its way (a slow
// network): what loads after the first screen must not hide or reset what the teacher is using.
const pageUp = vi.hoisted(() => {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open: () => open() };
});
vi.mock('../lib/idle', () => ({ afterFirstScreen: () => pageUp.promise }));
vi.mock('./service-worker-update', () => new Promise(() => {}));

describe('RootLayout while code loads after the first screen', () => {
  it('keeps the open sign-in dialog and answers its submission (the update prompt loads beside it)', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(403, { error: 'EMAIL_NOT_VERIFIED', code: 'EMAIL_NOT_VERIFIED' }),
    });
    const { user } = renderWithProviders(<RootLayout />);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: /sign in/i });
    await fill(user, within(dialog).getByLabelText(/^email/i), 'new@school.test');
    await fill(user, within(dialog).getByLabelText(/^password/i), 'correct-horse-battery');

    await act(async () => pageUp.open());

    expect(dialog).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: /^sign in$/i }));
    expect(await screen.findByText(authMessages.emailNotVerifiedTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(authMessages.emailNotVerifiedText)).toBeVisible();
  });
});
