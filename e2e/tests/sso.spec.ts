import { expect, test } from '@playwright/test';
import { signInDemoAccount } from './support';

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

/**
 * Issue 27 part 2's journey, e-mail free: a teacher opens a join link restricted to the demo
 * identities' domain signed out, continues with the district sign-in, and is back on the join page
 * signed in and joined, with no other click.
 */
test('a teacher joins a group from a domain-restricted join link with the district sign-in in one click', async ({
  page,
  browser,
}) => {
  // Set-up through the api: the licence admin makes the link (a seat more for it, by the super admin).
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/');
  const origin = new URL(admin.url()).origin;
  await signInDemoAccount(context, 'license-admin@demo.test', origin);
  type MyGroup = { id: string; name: string; licenses_used: number; licenses_pending: number };
  const group = ((await (await admin.request.get('/api/license-groups/me')).json()) as MyGroup[])[0]!;
  const superContext = await browser.newContext();
  await signInDemoAccount(superContext, 'superadmin@demo.test', origin);
  const resized = await superContext.request.patch(`/api/license-groups/${group.id}/license-count`, {
    data: { license_count: group.licenses_used + group.licenses_pending + 2 },
    headers: { Origin: origin },
  });
  expect(resized.status(), await resized.text()).toBe(200);
  const made = await admin.request.post(`/api/license-groups/${group.id}/join-links`, {
    data: { max_uses: 2, expires_in_days: 14, allowed_domains: ['district.example'] },
    headers: { Origin: origin },
  });
  expect(made.status(), await made.text()).toBe(201);
  const joinPath = new URL(((await made.json()) as { url: string }).url).pathname;
  await context.close();
  await superContext.close();

  await page.goto(joinPath);
  await expect(page.getByRole('heading', { name: `Join ${group.name}` })).toBeVisible();
  await page.getByRole('link', { name: 'Continue with Demo district sign-in' }).first().click();
  await page.getByRole('button', { name: /Sign in as Sam Okafor/ }).click();

  // Back through the join page, joined: home, with the group's Premium Access.
  await expect(page.getByText(`You now have Premium Access through ${group.name}.`)).toBeVisible();
  await expect(page).toHaveURL(/:\d+\/$/);
  const me = (await (await page.request.get('/api/auth/me')).json()) as {
    email: string;
    licence: { groupName: string } | null;
  };
  expect(me).toMatchObject({ email: 'sam.okafor@district.example', licence: { groupName: group.name } });
});
