import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, uniqueEmail, waitForMail } from './support';

const password = 'premium-passphrase';

/** A new free teacher: sign up through the form, verify from the dev mailbox, sign in. */
async function signUpFreeTeacher(page: Page): Promise<string> {
  const email = uniqueEmail('upgrader');
  await page.goto('/signup');
  await page.getByLabel(/full name/i).fill('Amélie Okafor');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/verify-sent/);

  const mail = await waitForMail(page.request, email, /verify/i);
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'));
  expect(link, 'the verification link').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('Email verified successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^email/i).fill(email);
  await dialog.getByLabel(/^password/i).fill(password);
  await dialog.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  return email;
}

test('a free teacher upgrades on the demo checkout, opens a premium course, then cancels in the portal', async ({
  page,
}) => {
  await signUpFreeTeacher(page);

  // Home: the promo banner for role free, and the premium course still locked.
  await expect(page.getByRole('region', { name: 'Unlock every course with Premium' })).toBeVisible();
  await page.goto('/prompt-engineering');
  await expect(page.getByRole('heading', { name: 'Premium Course' })).toBeVisible();

  // The premium wall's 'Upgrade to Premium' opens the modal, annual selected by default.
  await page.getByRole('main').getByRole('button', { name: 'Upgrade to Premium' }).click();
  const modal = page.getByRole('dialog', { name: 'Choose Your Premium Plan' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'Annual' })).toBeChecked();
  await expect(modal).toContainText('$8.25/month');
  await expect(modal).toContainText('$10.00/month');
  await expect(modal).toContainText('Best value - Save 17%');
  await expect(modal).toContainText('Use code LAUNCH30 at checkout for 30% off your first payment.');
  await expectNoSeriousA11yViolations(page, 'the upgrade modal');

  await modal.getByRole('radio', { name: 'Quarterly' }).check();
  await modal.getByRole('button', { name: 'Upgrade Now' }).click();

  // The demo provider's checkout page.
  await expect(page).toHaveURL(/\/api\/stripe\/demo\/checkout\//);
  await expect(page.getByText('Demo mode - no real payment')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Quarterly');
  await page.getByLabel('Promotion code').fill('LAUNCH30');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/LAUNCH30 applied/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the demo checkout page');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back in the app: the session is confirmed with the server.
  await expect(page).toHaveURL(/\/payment-success\?session_id=[^&]+&plan_type=quarterly/);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(page.getByText('All AI literacy courses')).toBeVisible();
  await expect(page.getByRole('link', { name: /support@/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the payment success page');
  // The user was refreshed: the header no longer offers the upgrade.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Start Learning' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Unlock every course with Premium' })).toHaveCount(0);

  // The premium course now opens: its modules, no wall.
  await page.goto('/prompt-engineering');
  await expect(page.getByRole('heading', { name: 'Course Modules' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Premium Course' })).toHaveCount(0);

  // Manage Subscription -> the demo portal -> cancel -> premium until the period end.
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/api\/stripe\/demo\/portal/);
  await expect(page.getByText('Demo mode - no real payment')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('main')).toContainText(/Premium until/);
  await page.getByRole('link', { name: 'Return to courses' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/^Premium until \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  // Still premium until then: the course stays open.
  await page.goto('/prompt-engineering');
  await expect(page.getByRole('heading', { name: 'Course Modules' })).toBeVisible();
});
