import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

test('a visitor copies a free prompt from the Prompt Library', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/prompts');
  await expect(page.getByRole('heading', { level: 1, name: 'Prompt Library' })).toBeVisible();
  const library = (await (await page.request.get('/api/prompts')).json()) as {
    categories: Array<{
      id: string;
      isPremium: boolean;
      prompts: Array<{ title: string; prompt: string | null }>;
    }>;
  };
  const starter = library.categories.find((c) => c.id === 'starter-templates')!;
  const first = starter.prompts[0]!;
  // Premium prompt texts never reach a visitor.
  expect(
    library.categories.filter((c) => c.isPremium).flatMap((c) => c.prompts.map((p) => p.prompt)),
  ).toEqual(library.categories.filter((c) => c.isPremium).flatMap((c) => c.prompts.map(() => null)));

  await page.getByRole('button', { name: `Copy prompt: ${first.title}` }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.prompt);
  await expectNoSeriousA11yViolations(page, 'prompt library');
});

for (const { path, heading } of [
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
]) {
  test(`${path} renders from content and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path === '/faq') {
      for (const section of [
        'General',
        'Payments & Billing',
        'Account & Access',
        'Courses & Content',
        'Technical Support',
        'Admin & Group Licenses',
      ]) {
        await expect(
          page
            .getByRole('heading', { name: section })
            .or(page.getByRole('button', { name: section }))
            .first(),
        ).toBeVisible();
      }
    } else {
      await expect(page.getByText(/Last updated/)).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, path);
  });
}
