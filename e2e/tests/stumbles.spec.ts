import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signUpTeacher, uniqueEmail, waitForMail } from './support';

// Issue 16: the places where a new teacher stumbled, each checked in a real browser against the real api.

const phone = { width: 390, height: 844 } as const;
const laptop = { width: 1366, height: 768 } as const;
const freeCourse = 'ai-tools-beyond-chatgpt';
const password = 'stumble-passphrase';

/** A verified teacher made through the real calls in a request context of its own (the page stays signed out). */
async function verifiedTeacher(request: APIRequestContext, baseURL: string): Promise<string> {
  const email = uniqueEmail('deeplink');
  const headers = { Origin: baseURL };
  const register = await request.post('/api/auth/register', {
    data: { name: 'Deep Link', email, password, acceptTerms: true, marketingOptIn: false },
    headers,
  });
  expect(register.status(), await register.text()).toBe(201);
  const mail = await waitForMail(request, email, /verify/i);
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'));
  expect(link).toBeTruthy();
  await request.get(link!, { maxRedirects: 0 });
  return email;
}

async function signInInDialog(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^email/i).fill(email);
  await dialog.getByLabel(/^password/i).fill(password);
  await dialog.getByRole('button', { name: /^sign in$/i }).click();
}

/** Records every CSP violation the page reports (before any script of the app runs). */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** Pays for the quarterly plan on the demo provider's checkout and lands on /payment-success. */
async function payOnDemoCheckout(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/stripe/create-checkout-session', {
    data: { planType: 'quarterly' },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  await page.goto(url);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
}

/** The number of painted pixels on the celebration canvas (it is drawn on the main thread). */
function paintedPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-celebration]');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !canvas.width || !canvas.height) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted += 1;
    return painted;
  });
}

test.describe('1. confetti under the strict CSP', () => {
  test('/payment-success celebrates with confetti and the CSP blocks nothing', async ({ page }) => {
    const violations = await recordCspViolations(page);
    await signUpTeacher(page, 'Confetti Teacher');
    await payOnDemoCheckout(page);
    await expect
      .poll(() => paintedPixels(page), { message: 'confetti drawn on the page' })
      .toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    // Gone once the celebration is over (3 s of bursts, then the pieces fall).
    await expect(page.locator('canvas[data-celebration]')).toHaveCount(0, { timeout: 8_000 });
  });
});

test.describe('3. deep links survive the sign-in', () => {
  test('signed out, a module link asks to sign in, then opens that module', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await verifiedTeacher(request, baseURL!);
    await page.goto(`/${freeCourse}/module/2`);
    await expect(page).toHaveURL(new RegExp(`/${freeCourse}$`));
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('button', { name: /sign in/i })
      .last()
      .click();
    await signInInDialog(page, email);
    // Module 2 is locked for a new teacher: the module page itself says so (the role may open the course).
    await expect(page).toHaveURL(new RegExp(`/${freeCourse}/module/2$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Module Locked' })).toBeVisible();
  });

  test('a premium module asked for by a free teacher ends on the premium wall, not a broken page', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await verifiedTeacher(request, baseURL!);
    await page.goto('/prompt-engineering/module/2');
    await expect(page).toHaveURL(/\/prompt-engineering$/);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /sign in/i })
      .last()
      .click();
    await signInInDialog(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Premium Course' })).toBeVisible();
    await expect(page).toHaveURL(/\/prompt-engineering$/);
  });

  test('signing up from a module link: the verification link leads back to it after sign-in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('newdeeplink');
    await page.goto(`/${freeCourse}/module/1`);
    const dialog = page.getByRole('dialog', { name: 'Create Account' });
    await dialog.getByLabel(/full name/i).fill('Nguyễn Thị Lan');
    await dialog.getByLabel(/^email/i).fill(email);
    await dialog.getByLabel(/^password/i).fill(password);
    await dialog.getByRole('checkbox', { name: /terms/i }).check();
    await dialog.getByRole('button', { name: /create account/i }).click();
    await expect(page).toHaveURL(/\/verify-sent\?email=/);

    const mail = await waitForMail(request, email, /verify/i);
    const link = new URL(mail.links.find((l) => l.includes('/api/auth/verify-email'))!);
    expect(link.searchParams.get('next')).toBe(`/${freeCourse}/module/1`);
    await page.goto(link.pathname + link.search);
    await expect(page.getByText('Email verified successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/\\?next=%2F${freeCourse}%2Fmodule%2F1$`));
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await signInInDialog(page, email);
    await expect(page).toHaveURL(new RegExp(`/${freeCourse}/module/1$`));
    await expect(page.getByRole('heading', { name: 'Knowledge Check' })).toBeVisible();
  });
});

test.describe('6. the phone reading room', () => {
  test('a lesson on a phone: a one-row header with the status folded in, hidden on scroll down, back on scroll up', async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await signUpTeacher(page, 'Phone Reader');
    await page.goto(`/${freeCourse}/module/1`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.getByTestId('sticky-header');
    const status = header.getByRole('status');
    await expect(status).toHaveText(/All changes saved/, { timeout: 20_000 });
    const box = (await header.boundingBox())!;
    // Was 169 px (two header rows and the status bar).
    expect(box.height).toBeLessThanOrEqual(64);
    await expectNoSeriousA11yViolations(page, 'the module page on a phone');

    // The links are one tap away.
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Prompt Library' })).toBeVisible();
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(header.getByRole('link', { name: 'Prompt Library' })).toBeHidden();

    await page.mouse.move(200, 500);
    await page.mouse.wheel(0, 800);
    await expect.poll(async () => (await header.boundingBox())!.y + box.height).toBeLessThanOrEqual(1);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await header.boundingBox())!.y).toBe(0);
  });

  test('a lesson on a laptop keeps the full header and the status bar', async ({ page }) => {
    await page.setViewportSize(laptop);
    await signUpTeacher(page, 'Laptop Reader');
    await page.goto(`/${freeCourse}/module/1`);
    const header = page.getByTestId('sticky-header');
    await expect(header.getByRole('link', { name: 'Prompt Library' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Sync status' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sync status' }).getByRole('status')).toHaveText(
      /All changes saved/,
      { timeout: 20_000 },
    );
  });

  test("a free teacher's home on a phone: one banner at most above the fold, the first course title in view", async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await signUpTeacher(page, 'Phone Home');
    await expect(page.getByRole('region', { name: 'Unlock every course with Premium' })).toBeVisible();
    const firstTitle = page.getByRole('list', { name: 'Courses' }).getByRole('heading', { level: 2 }).first();
    await expect(firstTitle).toBeVisible();
    const title = (await firstTitle.boundingBox())!;
    expect(title.y + title.height).toBeLessThanOrEqual(phone.height);
    const banners = [
      page.getByTestId('welcome-banner'),
      page.getByRole('region', { name: 'Unlock every course with Premium' }),
    ];
    let aboveTheFold = 0;
    for (const banner of banners) {
      const b = await banner.boundingBox();
      if (b && (await banner.isVisible()) && b.y < phone.height) aboveTheFold += 1;
    }
    expect(aboveTheFold).toBeLessThanOrEqual(1);
    await expectNoSeriousA11yViolations(page, 'the free home page on a phone');
  });
});

test.describe('7. small ones in the browser', () => {
  for (const size of [phone, laptop]) {
    test(`the newsletter checkbox lines up with the terms checkbox (${size.width} px)`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/signup');
      const terms = (await page.getByRole('checkbox', { name: /terms/i }).boundingBox())!;
      const newsletter = (await page.getByRole('checkbox', { name: /newsletter/i }).boundingBox())!;
      expect(Math.abs(newsletter.x - terms.x)).toBeLessThanOrEqual(1);
    });
  }

  test("a long e-mail on 'Check your email' stays inside the card on a phone", async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/forgot-password');
    const email = `a.very.long.address.for.a.teacher.${'x'.repeat(40)}@school-district.example.org`;
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    const shown = (await page.getByText(email).boundingBox())!;
    const card = (await page.locator('main .MuiPaper-root').first().boundingBox())!;
    expect(shown.x + shown.width).toBeLessThanOrEqual(card.x + card.width);
    expect(shown.x + shown.width).toBeLessThanOrEqual(phone.width);
  });
});
