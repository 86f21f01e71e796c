// The returning teacher's browser for the warm and offline benches: a persistent Chromium profile
// (Debian's /usr/bin/chromium through Playwright) in which a teacher signed in, opened the course and
// a module once, and the service worker took control. Each measured run opens the module page in a
// new tab of that profile with the CPU slowed down 4x (CDP Emulation.setCPUThrottlingRate).
/* global document, window, getComputedStyle -- lessonVisible, recordLcp and the waitForFunction callbacks run in the page */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  chromeFlags,
  chromePath,
  computeBenchmarkIndex,
  createTeacher,
  median,
  ms,
  startApi,
  verdict,
} from './lib.mjs';

export const cpuSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
export const browserRuns = Number(process.env.BENCH_RUNS ?? 5);
/** A free course every teacher may open; its first module is the page measured. */
export const courseSlug = process.env.BENCH_COURSE ?? 'ai-in-education';
export const moduleId = Number(process.env.BENCH_MODULE ?? 1);
/** Lighthouse's mobile screen (a Moto G Power): 412 x 823 CSS pixels at 1.75x. */
const screen = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export async function launchProfile() {
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromePath,
    headless: true,
    args: chromeFlags.filter((f) => !f.startsWith('--headless')),
    serviceWorkers: 'allow',
    ...screen,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves to performance.now() once the lesson's heading and first paragraph are laid out. */
function lessonVisible({ title }) {
  const shown = (el) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  // Cheap queries first: layout is read only once both elements are in the DOM.
  const paragraph = document.querySelector('.markdown p');
  if (!paragraph) return false;
  const heading = [...document.querySelectorAll('h1')].find((h) => h.textContent.trim() === title);
  return heading && shown(heading) && shown(paragraph) ? performance.now() : false;
}

/**
 * A teacher who visited before: signed up through the app (HTTP), signed in inside the browser,
 * opened the course and the module once, with the service worker in control; `download` also
 * presses the course's 'Download for offline' button and waits for 'Available offline'.
 */
export async function prepareReturningTeacher(api, context, { download = false } = {}) {
  const teacher = await createTeacher(api.url, { n: 11 });
  teacher.close();
  const page = await context.newPage();
  await page.goto(`${api.url}/`);
  const login = await page.request.post(`${api.url}/api/auth/login`, {
    data: { email: teacher.email, password: 'bench-password-1' },
    headers: { Origin: api.url },
  });
  if (login.status() !== 200) throw new Error(`sign-in in the browser answered ${login.status()}`);
  const course = (await (await page.request.get(`${api.url}/api/content/courses/${courseSlug}`)).json())
    .course;
  const module = course.modules.find((m) => m.id === moduleId);

  await page.goto(`${api.url}/${courseSlug}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor({ timeout: 30_000 });
  await page.goto(`${api.url}/${courseSlug}/module/${moduleId}`);
  await page.waitForFunction(lessonVisible, { title: module.title }, { timeout: 30_000 });
  // The app registers its worker once the page is up and idle; it claims the page when active.
  await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
    .catch(() => {
      throw new Error('the service worker did not take control of the page within 60 s');
    });
  if (download) {
    await page.goto(`${api.url}/${courseSlug}`);
    const button = page.getByRole('button', { name: /^Download for offline/ });
    await button.waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].some(
          (b) => /^Download for offline \(/.test(b.textContent ?? '') && !b.disabled,
        ),
      null,
      { timeout: 30_000 },
    );
    await button.click();
    await page.getByText('Available offline').waitFor({ timeout: 60_000 });
  }
  await page.close();
  return { teacher, course, module, url: `${api.url}/${courseSlug}/module/${moduleId}` };
}

/** Lighthouse's benchmarkIndex, measured in a blank tab of the profile with no throttling. */
export async function benchmarkIndex(context) {
  const page = await context.newPage();
  try {
    return Math.round(await page.evaluate(computeBenchmarkIndex));
  } finally {
    await page.close();
  }
}

/**
 * Runs in the measured tab before the app does: keeps every largest-contentful-paint candidate with
 * what it painted (the entries as the browser reports them; nothing is changed in the page).
 */
function recordLcp() {
  window.__benchLcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__benchLcp.push({
        time: entry.startTime,
        size: entry.size,
        inLesson: Boolean(el && el.closest('article')),
        what: el
          ? `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('src') || '').trim().slice(0, 32)}"`
          : '(removed element)',
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * One measured visit: a new tab, CPU slowed `cpuSlowdown`x before it navigates, the module page.
 * Resolves to the lesson-visible time, the LCP, and where the page's requests were answered from.
 * BENCH_TRACE_DIR keeps a Chromium trace of the run (open it in the browser's Performance panel).
 */
export async function measureVisit(context, target, { traceFile } = {}) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response().catch(() => null);
    requests.push({
      url: request.url(),
      fromServiceWorker: response?.fromServiceWorker() ?? false,
      ok: true,
    });
  });
  page.on('requestfailed', (request) => requests.push({ url: request.url(), ok: false }));
  const trace = [];
  try {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (traceFile) {
      cdp.on('Tracing.dataCollected', ({ value }) => trace.push(...value));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'blink.user_timing',
            'loading',
            'toplevel',
            'disabled-by-default-devtools.timeline.frame',
            'disabled-by-default-v8.cpu_profiler',
          ],
        },
      });
    }
    await page.addInitScript(recordLcp);
    await page.goto(target.url, { waitUntil: 'commit' });
    const visible = await (
      await page.waitForFunction(
        lessonVisible,
        { title: target.module.title },
        { polling: 'raf', timeout: 60_000 },
      )
    ).jsonValue();
    await page.waitForLoadState('load');
    await page.waitForLoadState('networkidle').catch(() => {});
    // The lesson's paint is reported once it is presented: wait for it a little, then take the newest.
    await page
      .waitForFunction(() => window.__benchLcp.some((e) => e.inLesson), null, { timeout: 5000 })
      .catch(() => {});
    const entries = await page.evaluate(() => window.__benchLcp);
    const lcp = entries[entries.length - 1] ?? null;
    if (traceFile) {
      const ended = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await ended;
      writeFileSync(traceFile, JSON.stringify({ traceEvents: trace }));
    }
    return { visible, lcp, requests };
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}

/** How the page's requests were answered: by the service worker, by the network, or not at all. */
export function describeRequests(requests) {
  const path = (u) => new URL(u).pathname;
  const network = requests.filter((r) => r.ok && !r.fromServiceWorker).map((r) => path(r.url));
  const failed = requests.filter((r) => !r.ok).map((r) => path(r.url));
  const fromWorker = requests.filter((r) => r.ok && r.fromServiceWorker).length;
  return (
    `${fromWorker} from the service worker, ${network.length} from the network` +
    (network.length ? ` (${network.join(', ')})` : '') +
    (failed.length ? `, ${failed.length} failed (${failed.join(', ')})` : '')
  );
}

export function report(label, values, budgetMs) {
  const m = median(values);
  const ok = m <= budgetMs;
  console.log(
    `  ${label} median ${ms(m)} (runs: ${values.map((v) => v.toFixed(0)).join(', ')} ms) (budget <= ${budgetMs} ms) ${verdict(ok)}`,
  );
  return ok;
}

/**
 * The warm and offline benches' frame: the app started, a returning teacher prepared in a fresh
 * profile (`download` also keeps the course offline; `offline` then stops the app and cuts the
 * network), `browserRuns` measured visits of the module page (each after the machine's
 * benchmarkIndex; BENCH_TRACE_DIR keeps `<name>-<run>.trace.json`), and the median against the budget.
 * `score(visit)` answers the run's figure and the rest of its printed line.
 */
export async function runModuleVisits({
  name,
  port,
  title,
  download = false,
  offline = false,
  label,
  budgetMs,
  score,
}) {
  const api = await startApi(port);
  const browser = await launchProfile();
  try {
    console.log(
      `\n${title}, new tab on /${courseSlug}/module/${moduleId}, CPU ${cpuSlowdown}x slower, 412x823 mobile screen; median of ${browserRuns}`,
    );
    const target = await prepareReturningTeacher(api, browser.context, { download });
    if (offline) {
      await api.stop();
      await browser.context.setOffline(true);
    }
    const values = [];
    for (let run = 1; run <= browserRuns; run++) {
      const index = await benchmarkIndex(browser.context);
      const traceDir = process.env.BENCH_TRACE_DIR;
      const visit = await measureVisit(browser.context, target, {
        traceFile: traceDir ? join(traceDir, `${name}-${run}.trace.json`) : undefined,
      });
      const [value, line] = score(visit);
      values.push(value);
      console.log(`  run ${run}: benchmarkIndex ${index}; ${line}; ${describeRequests(visit.requests)}`);
    }
    return report(label, values, budgetMs);
  } finally {
    await browser.close();
    await api.stop();
  }
}
