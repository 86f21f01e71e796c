#!/usr/bin/env node
// `npm test`: every suite, in order, with one closing count.
//   1. content:check  2. unit + integration (Vitest; api on PGlite)  3. the api suite again on
//   PostgreSQL when TEST_DATABASE_URL is set  4. build  5. end-to-end journeys in Chromium.
// Pass suite names to run only some: `npm test -- unit e2e`.
// It sets up what it needs itself: Chromium for the journeys (see `ensureChromium`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);

/** Where the journeys' Chromium is: CHROMIUM_PATH, else Debian's (as e2e and bench look for it). */
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Chromium for the end-to-end journeys, before any suite runs. Missing where this runs as root on
 * Debian (apt-get), it installs Debian's `chromium` and says so in one line; elsewhere it stops at
 * once with the one command to run.
 */
function ensureChromium() {
  if (existsSync(chromium)) return;
  const stop = (command) => {
    console.error(`npm test: no Chromium at ${chromium} for the end-to-end journeys. Run: ${command}`);
    process.exit(1);
  };
  if (process.env.CHROMIUM_PATH) stop('CHROMIUM_PATH=/path/to/chromium npm test');
  const apt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!apt) stop('CHROMIUM_PATH=/path/to/chromium npm test');
  if (process.getuid?.() !== 0) stop('sudo apt-get install -y chromium');
  console.log("npm test: Chromium is missing; installing Debian's chromium (apt-get install -y chromium)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const r = spawnSync('apt-get', args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) {
      process.stderr.write(r.stdout + r.stderr);
      console.error(`npm test: apt-get ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
      process.exit(1);
    }
  }
  if (!existsSync(chromium))
    stop('apt-get install -y chromium (it did not put Chromium at /usr/bin/chromium)');
}
if (wanted('e2e')) ensureChromium();

const out = join(root, 'coverage', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
const failures = [];
/** Each failed test's name and the first line of its error, for the closing summary. */
const failedTests = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failures.push(title);
  return r.status === 0;
}

/** Adds a Vitest JSON report's counts; returns how many tests it counts as failed. */
function countVitest(file) {
  if (!existsSync(file)) return 0;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  const bad = (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  failed += bad;
  for (const suite of report.testResults ?? []) {
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'passed') continue;
      const where = suite.name.startsWith(root) ? suite.name.slice(root.length) : suite.name;
      failedTests.push(`${where} > ${t.fullName} (${t.status}): ${firstLine(t.failureMessages?.[0])}`);
    }
  }
  return bad;
}

function vitest(title, args, file, env) {
  const vitestArgs = [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  let ok = run(title, 'npx', vitestArgs, env);
  // Vitest's own process died before it wrote its report (seen once: a fork worker's IPC channel
  // closed as the pool started it, ERR_IPC_CHANNEL_CLOSED): no test gave a verdict. Run it again
  // once, saying so; a report that says a test failed is never run again.
  if (!ok && !existsSync(file)) {
    console.log(
      `\n=== ${title}: Vitest ended without a report (its runner crashed, see above); running it again once`,
    );
    failures.pop();
    ok = run(`${title}, second run`, 'npx', vitestArgs, env);
  }
  const bad = countVitest(file);
  // A red run with no failed test: an unhandled error, a file that did not load, a timeout in a hook.
  if (!ok && bad === 0) {
    console.log(
      `\n=== ${title}: Vitest failed with no failed test; see 'Unhandled' or 'Failed Suites' above`,
    );
    failed += 1;
  }
}

/** Walks a Playwright JSON report for the tests that did not end as expected (flaky ones pass). */
function collectPlaywright(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected' || t.status === 'flaky') continue;
        const last = t.results?.at(-1);
        // Without the terminal colours Playwright's messages carry (ESC [ ... m).
        const error = firstLine(last?.error?.message).replace(
          new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'),
          '',
        );
        failedTests.push(`${spec.file}:${spec.line} > ${spec.title} (${t.status}): ${error}`);
      }
    }
    collectPlaywright(suite.suites ?? []);
  }
}

if (wanted('content')) {
  if (run('content:check', 'npm', ['run', '--silent', 'content:check'])) passed += 1;
  else failed += 1;
}

if (wanted('unit')) vitest('unit and integration (api on PGlite)', [], join(out, 'vitest.json'));

if (wanted('pg')) {
  if (process.env.TEST_DATABASE_URL) {
    vitest('api on PostgreSQL', ['--project', 'api'], join(out, 'vitest-pg.json'), { TEST_DB: 'pg' });
  } else {
    console.log(
      '\n=== api on PostgreSQL: TEST_DATABASE_URL is not set (.ci/run sets it); ran on PGlite only',
    );
  }
}

if (wanted('e2e')) {
  if (run('build', 'npm', ['run', '--silent', 'build'])) {
    const file = join(out, 'playwright.json');
    run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      CHROMIUM_PATH: chromium,
    });
    if (existsSync(file)) {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const { stats } = report;
      passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      failed += (stats.unexpected ?? 0) + (stats.skipped ?? 0);
      collectPlaywright(report.suites ?? []);
    } else failed += 1;
  } else failed += 1;
}

console.log('');
for (const line of failedTests) console.log(`FAILED ${line}`);
if (failures.length) console.log(`Failed suites: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
