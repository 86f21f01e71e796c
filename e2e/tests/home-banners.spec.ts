import { expect, test } from '@playwright/test';
import { signInDemoAccount } from './support';

const phone = { width: 390, height: 844 };

/** Issue 26: the home page's welcome banner for the school side, on the sizes people use. */
test("a licence member's welcome shows on a phone; a licence admin's links to License Management", async ({
  browser,
}) => {
  const memberContext = await browser.newContext({ viewport: phone });
  const member = await memberContext.newPage();
  await member.goto('/');
  await signInDemoAccount(memberContext, 'jose@demo.test', new URL(member.url()).origin);
  await member.goto('/');
  const welcome = member.getByTestId('welcome-banner');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText("Your school's licence");

  const adminContext = await browser.newContext({ viewport: phone });
  const admin = await adminContext.newPage();
  await admin.goto('/');
  await signInDemoAccount(adminContext, 'license-admin@demo.test', new URL(admin.url()).origin);
  await admin.goto('/');
  const link = admin.getByTestId('welcome-banner').getByRole('link', { name: 'Go to License Management' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(admin).toHaveURL(/\/license-admin$/);
  await memberContext.close();
  await adminContext.close();
});
