// Lighthouse (mobile preset, Debian Chromium) on the catalogue and a module page of the built app.
// Budgets: performance >= 90, accessibility 100.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApi, verdict } from './lib.mjs';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function signIn(url, email) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD ?? 'demo-password' }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
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
    const cookie = await signIn(api.url, 'free@demo.test');
    const pages = [
      { name: 'catalogue (/)', url: `${api.url}/`, headers: {} },
      { name: 'module page', url: `${api.url}/ai-in-education/module/1`, headers: { Cookie: cookie } },
    ];
    let ok = true;
    console.log('\nLighthouse, mobile preset');
    for (const page of pages) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        extraHeaders: page.headers,
      });
      const c = result.lhr.categories;
      const perf = Math.round(c.performance.score * 100);
      const a11y = Math.round(c.accessibility.score * 100);
      const pass = perf >= 90 && a11y === 100;
      ok &&= pass;
      const lcp = result.lhr.audits['largest-contentful-paint'].displayValue;
      const tbt = result.lhr.audits['total-blocking-time'].displayValue;
      console.log(
        `  ${page.name.padEnd(16)} performance ${perf} (>= 90)  accessibility ${a11y} (= 100)  best practices ${Math.round(
          c['best-practices'].score * 100,
        )}  SEO ${Math.round(c.seo.score * 100)}  LCP ${lcp}  TBT ${tbt}  ${verdict(pass)}`,
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
