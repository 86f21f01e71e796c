// Lighthouse (mobile preset, Debian Chromium) on the catalogue and a module page of the built app.
// Budgets: performance >= 90, accessibility 100.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startApi, verdict } from './lib.mjs';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Signs the demo teacher in inside the browser, as the app would (the session cookie in the
 * browser's jar, and the page once opened so the app keeps what it keeps on the device), then
 * empties the HTTP cache, Cache Storage and the service worker: the audited load fetches every
 * byte again, as a teacher's first visit of the day on an evicted cache would.
 */
async function signInReturningTeacher(chromePort, url, email) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const status = await page.evaluate(
      async ([address, password]) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: address, password }),
          })
        ).status,
      [email, process.env.DEMO_PASSWORD ?? 'demo-password'],
    );
    if (status !== 200) throw new Error(`demo login failed: ${status}`);
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: url,
      storageTypes: 'cache_storage,service_workers',
    });
    await page.close();
  } finally {
    // Leaves the browser running (it belongs to chrome-launcher).
    await browser.close().catch(() => {});
  }
}

export async function benchLighthouse() {
  const api = await startApi(4413);
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir: mkdtempSync(join(tmpdir(), 'pd-lh-')),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const pages = [
      // A first visit: nothing on the device, signed out.
      { name: 'catalogue (/)', url: `${api.url}/`, signedIn: false },
      // Only a signed-in teacher reaches a module page: audited as one, on an emptied cache.
      { name: 'module page', url: `${api.url}/ai-in-education/module/1`, signedIn: true },
    ];
    let ok = true;
    console.log('\nLighthouse, mobile preset');
    for (const page of pages) {
      if (page.signedIn) await signInReturningTeacher(chrome.port, api.url, 'free@demo.test');
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // The signed-in audit keeps the cookie and the device's data (the caches were emptied above).
        disableStorageReset: page.signedIn,
      });
      // LIGHTHOUSE_REPORT_DIR=dir keeps each page's full report (open it in the Lighthouse viewer).
      const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const file = page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
        writeFileSync(join(reportDir, `${file}.json`), result.report);
      }
      if (result.lhr.runtimeError) {
        console.log(
          `  ${page.name}: Lighthouse could not audit the page: ${result.lhr.runtimeError.message}`,
        );
      }
      const c = result.lhr.categories;
      const perf = Math.round(c.performance.score * 100);
      const a11y = Math.round(c.accessibility.score * 100);
      const pass = perf >= 90 && a11y === 100;
      ok &&= pass;
      const lcp = result.lhr.audits['largest-contentful-paint'].displayValue;
      const tbt = result.lhr.audits['total-blocking-time'].displayValue;
      const fcp = result.lhr.audits['first-contentful-paint'].displayValue;
      const cls = result.lhr.audits['cumulative-layout-shift'].displayValue;
      console.log(
        `  ${page.name.padEnd(16)} performance ${perf} (>= 90)  accessibility ${a11y} (= 100)  best practices ${Math.round(
          c['best-practices'].score * 100,
        )}  SEO ${Math.round(c.seo.score * 100)}  FCP ${fcp}  LCP ${lcp}  TBT ${tbt}  CLS ${cls}  ${verdict(pass)}`,
      );
      const failing = Object.values(result.lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          c.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0),
      );
      for (const a of failing) console.log(`      accessibility: ${a.id} — ${a.title}`);
    }
    return ok;
  } finally {
    await chrome.kill();
    await api.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit((await benchLighthouse()) ? 0 : 1);
