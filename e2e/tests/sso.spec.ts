import { expect, test } from '@playwright/test';

/**
 * Google, Microsoft and district sign-in (issue 27 part 3), e-mail free: the server runs in
 * development, so without OIDC_* it starts its local OpenID provider ("Demo district sign-in",
 * decision 102) with two demo identities. One click at the app, one at the provider: signed in.
 */
test('a teacher continues with the district sign-in and lands signed in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Continue with Demo district sign-in' }).click();

  // The provider's own page, on its own origin.
  await expect(page.getByRole('heading', { name: 'Demo district sign-in' })).toBeVisible();
  await page.getByRole('button', { name: /Sign in as Dana Rivera/ }).click();

  // Back in the app, at the page it started from, signed in.
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: 'dana.rivera@district.example', role: 'free' });
});
