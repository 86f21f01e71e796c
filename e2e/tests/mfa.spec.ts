import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations, signUpTeacher } from './support';

const phone = { width: 390, height: 844 };

/** The code an authenticator app with `key` shows `steps` 30-second steps from now. */
const codeOf = (key: string, steps = 0) =>
  generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('a teacher turns on two-step sign-in from the Account page on a phone, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(phone);
  const password = 'teacher-passphrase';
  const email = await signUpTeacher(page, 'Tomás Two-Step', password);

  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Account and sign-in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/account on a phone');

  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await section.getByLabel(/Your password/).fill(password);
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the QR code step');
  const key = (await section.locator('code').innerText()).replace(/\s+/g, '');
  await section.getByLabel(/6-digit code/).fill(await codeOf(key));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  const codeItems = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codeItems).toHaveCount(10);
  const codes = await codeItems.allInnerTexts();
  await section.getByLabel('I have saved my recovery codes').check();
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  // Signed out, the next sign-in asks for the code after the password.
  const signOut = async () => {
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
  };
  await signOut();

  const signIn = async () => {
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^email/i).fill(email);
    await dialog.getByLabel(/^password/i).fill(password);
    await dialog.getByRole('button', { name: /^sign in$/i }).click();
    return dialog;
  };
  let dialog = await signIn();
  // The step the setup used is spent: the app's next code.
  await dialog.getByLabel(/6-digit code/).fill(await codeOf(key, 1));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();

  // Without the phone: a recovery code, once.
  await signOut();
  dialog = await signIn();
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel(/Recovery code/).fill(codes[0]!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/Recovery code used\. 9 left/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
});
