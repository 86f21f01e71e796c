import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { fetchCourse, signUpTeacher } from './support';

const courseSlug = 'ai-readiness-workshop-part-1';
const normsModule = 5;

/** The signed-in teacher of `page` upgrades on the demo checkout (the real fulfilment path). */
async function upgradeToPremium(page: Page): Promise<void> {
  await page.goto(`/${courseSlug}`);
  await expect(page.getByRole('heading', { name: 'Premium Course' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Upgrade to Premium' }).click();
  const modal = page.getByRole('dialog', { name: 'Choose Your Premium Plan' });
  await modal.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/api\/stripe\/demo\/checkout\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
}

/** Completes the modules before `moduleId` through the sync call, with the right answers. */
async function completeModulesBefore(page: Page, moduleId: number): Promise<void> {
  const course = await fetchCourse(page, courseSlug);
  const ops = course.modules
    .filter((m) => m.id < moduleId)
    .map((m) => ({
      opId: crypto.randomUUID(),
      type: 'quiz-submitted',
      courseSlug,
      moduleId: m.id,
      answers: m.quiz.map((q) => q.answer),
    }));
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/progress/sync', { data: { ops }, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a premium teacher opens the team-norms template from its module, prints it and downloads it', async ({
  page,
}) => {
  await signUpTeacher(page, 'Template Tester');
  await upgradeToPremium(page);
  await completeModulesBefore(page, normsModule);

  await page.goto(`/${courseSlug}/module/${normsModule}`);
  // The module's review date (issue 19), in U.S. English.
  await expect(page.getByText(/^Last reviewed [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  const box = page.getByRole('complementary', { name: 'Templates for this module' });
  await expect(box).toBeVisible();
  await box.getByRole('link', { name: 'Team Norms' }).click();

  await expect(page).toHaveURL(/\/templates\/team-norms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team Norms' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test against scenarios' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // The print view: the template alone, black on white, no site header, footer or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1, name: 'Team Norms' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const colours = await page.getByRole('heading', { level: 1, name: 'Team Norms' }).evaluate((heading) => ({
    text: getComputedStyle(heading).color,
    page: getComputedStyle(document.body).backgroundColor,
  }));
  expect(colours).toEqual({ text: 'rgb(0, 0, 0)', page: 'rgb(255, 255, 255)' });
  await page.emulateMedia({ media: 'screen' });

  // The download: a self-contained HTML file of the same template.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('team-norms.html');
  const html = await readFile((await download.path())!, 'utf8');
  expect(html).toContain('<h1>Team Norms</h1>');
  expect(html).toContain('<h2>Test against scenarios</h2>');
  expect(html).not.toMatch(/<script|<link/i);
});

test('a free teacher sees the premium gate instead of a template', async ({ page }) => {
  await signUpTeacher(page, 'Free Template Reader');
  await page.goto('/templates');
  await expect(page.getByRole('link', { name: 'Team Norms' })).toBeVisible();
  await page.getByRole('link', { name: 'Team Norms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Premium Template' })).toBeVisible();
  await expect(page.getByText('"Team Norms" is available to premium subscribers only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0);
  const direct = await page.request.get('/api/templates/team-norms/download');
  expect(direct.status()).toBe(403);
});
