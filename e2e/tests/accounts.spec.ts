import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './support';

const password = 'correct-horse-battery';

test('sign up, verify from the dev mailbox, sign in and sign out', async ({ page, request }) => {
  const email = uniqueEmail('newteacher');
  await page.goto('/signup');
  await page.getByLabel(/full name/i).fill('Zoë Martínez');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  const submit = page.getByRole('button', { name: /create account/i });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await submit.click();

  await expect(page).toHaveURL(/\/verify-sent\?email=/);
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

  const mail = await waitForMail(request, email, /verify/i);
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'));
  expect(link, 'the verification link').toBeTruthy();

  // Signing in before verifying is refused with the spec's message.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^email/i).fill(email);
  await dialog.getByLabel(/^password/i).fill(password);
  await dialog.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText('Email not verified')).toBeVisible();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Email verified successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const signIn = page.getByRole('dialog');
  await signIn.getByLabel(/^email/i).fill(email);
  await signIn.getByLabel(/^password/i).fill(password);
  await signIn.getByRole('button', { name: /^sign in$/i }).click();

  const account = page.getByRole('button', { name: /^Account menu for/ });
  await expect(account).toBeVisible();
  await account.click();
  await expect(page.getByRole('menu')).toContainText(email);
  await expect(page.getByRole('menu')).toContainText('Free');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  // The session is gone on the server too, not only on screen.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('forgot password, reset from the e-mail link, sign in with the new password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('forgetful');
  // An account made and verified through the real flow.
  await page.goto('/signup');
  await page.getByLabel(/full name/i).fill('José Nguyễn');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/verify-sent/);
  const verify = await waitForMail(request, email, /verify/i);
  await page.goto(verify.links.find((l) => l.includes('verify-email'))!);

  await page.goto('/forgot-password');
  await page.getByLabel(/email/i).fill('not-an-email');
  await page.getByRole('button', { name: /send reset link/i }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: /send reset link/i }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const reset = await waitForMail(request, email, /reset/i);
  const link = reset.links.find((l) => l.includes('/reset-password?token='));
  expect(link, 'the reset link').toBeTruthy();
  await page.goto(link!);
  const newPassword = 'a-brand-new-passphrase';
  await page.getByLabel(/^new password/i).fill(newPassword);
  await page.getByLabel(/^confirm/i).fill('something-else');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel(/^confirm/i).fill(newPassword);
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText(/password (has been )?(reset|updated|changed)/i).first()).toBeVisible();
  await waitForMail(request, email, /password was changed|password changed/i);

  // The old password no longer works; the new one does.
  const old = await request.post('/api/auth/login', {
    data: { email, password },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(old.status()).toBe(401);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^email/i).fill(email);
  await dialog.getByLabel(/^password/i).fill(newPassword);
  await dialog.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
});
