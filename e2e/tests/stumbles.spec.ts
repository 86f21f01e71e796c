import { expect, test, type Page } from '@playwright/test';
import { signUpTeacher } from './support';

// Issue 16: the places where a new teacher stumbled, each checked in a real browser against the real api.

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
