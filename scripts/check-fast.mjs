#!/usr/bin/env node
// `npm run check:fast`: the lane to run before every commit, in a few minutes on a 2-core machine.
//   typecheck, then lint (ESLint with the floor rules, Prettier)   } side by side: Vitest runs
//   Vitest: domain, content, api on PGlite, pwa, sw, lint projects  } its files on both cores
// No build, no PostgreSQL, no browser: `npm test` is the full suite (CI runs it).
//
// The same checks as `npm run typecheck` and `npm run lint`, with what they learnt last time kept in
// node_modules/.cache/check-fast/: each `tsc -p` keeps its build info (`tsc -b` keeps its own), ESLint
// and Prettier their caches (by file content), so a run after a small change re-checks what the
// change can reach. The tests are all run, every time. `npm run typecheck` and `npm run lint` (CI)
// start from nothing.
//
// Time (decision 084): each step's time, the total and the load average at the start and the end are
// printed. Measured 2026-11-27 on a 2-core machine after a small change, warm caches: 171-202 s over
// six runs (the budget is 3 minutes); the Vitest lane takes it, typecheck and lint run beside it.
// The README's "Testing" says where it goes (decision 127).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg, setPriority } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const projects = ['domain', 'content', 'api', 'pwa', 'service-worker', 'lint'];
const cache = 'node_modules/.cache/check-fast';
mkdirSync(new URL(`../${cache}`, import.meta.url), { recursive: true });

// The api project runs on PGlite here whatever the shell says.
const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') };
delete env.TEST_DB;
// The seeded fuzz test (api/src/fuzz.test.ts) sends a quarter of its 10,400 requests here, with the
// same seed, every route and every role still; `npm test` (CI) sends them all.
env.FUZZ_REQUESTS ??= '2600';

/**
 * `npm run typecheck`'s commands, read from package.json (one list of what is type-checked), each
 * `tsc -p <project>` with its build info kept: `tsc --incremental` re-checks only the files a change
 * can reach, and reports the same errors as a check from nothing.
 */
function typecheckSteps() {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return scripts.typecheck.split('&&').map((command) => {
    const [cmd, ...args] = command.trim().split(/\s+/);
    if (cmd !== 'tsc') throw new Error(`typecheck: expected only tsc commands, got "${command.trim()}"`);
    const project = args[args.indexOf('-p') + 1];
    if (args.includes('-p') && project) {
      const info = `${cache}/tsc-${project.replace(/[^\w.-]+/g, '_')}.tsbuildinfo`;
      args.push('--incremental', '--tsBuildInfoFile', info);
    }
    return [`typecheck: tsc ${args[0]} ${args[0] === '-p' ? project : ''}`.trim(), 'npx', ['tsc', ...args]];
  });
}

/**
 * Runs one command. `live`: its output as it comes (the tests); else kept and printed when it
 * ends (typecheck and lint, quiet when they pass), so the two lanes do not interleave lines.
 */
function step([title, cmd, args], live = false) {
  const started = Date.now();
  if (live) console.log(`=== ${title}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    });
    // Typecheck and lint run at a lower priority than the tests: they take the cores when the tests
    // wait (a test waiting on a timer or the network leaves its core idle), not in turn with them.
    // Inherited by what npx starts (tsc, eslint); where the system refuses, they run as they are.
    if (!live && child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not allowed here: same priority
      }
    }
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!live) {
        process.stdout.write(`\n=== ${title} (${seconds.toFixed(0)} s): ${cmd} ${args.join(' ')}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ title, ok: code === 0, seconds });
    });
  });
}

/** The steps one after the other; each runs whatever the one before it said (every failure is shown). */
async function lane(live, ...steps) {
  const results = [];
  for (const s of steps) results.push(await step(s, live));
  return results;
}

/** The 1-, 5- and 15-minute load averages: the time means little without them (others share the cores). */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadAtStart = load();
console.log(`check:fast: load average ${loadAtStart} at the start`);

const started = Date.now();
const results = (
  await Promise.all([
    lane(
      false,
      ...typecheckSteps(),
      [
        'lint: eslint',
        'npx',
        ['eslint', '.', '--cache', '--cache-strategy', 'content', '--cache-location', `${cache}/eslint/`],
      ],
      [
        'lint: prettier',
        'npx',
        [
          'prettier',
          '--check',
          '.',
          '--cache',
          '--cache-strategy',
          'content',
          '--cache-location',
          `${cache}/prettier`,
        ],
      ],
    ),
    lane(true, [
      'tests (domain, content, api on PGlite, pwa, service-worker, lint)',
      'npx',
      // Vitest's documented file-system module cache (decision 127): the files transformed by the
      // last run are read back instead of transformed again.
      [
        'vitest',
        'run',
        '--maxWorkers=2',
        '--experimental.fsModuleCache',
        ...projects.flatMap((p) => ['--project', p]),
      ],
    ]),
  ])
).flat();

const total = (Date.now() - started) / 1000;
console.log('');
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.title} (${r.seconds.toFixed(0)} s)`);
console.log(
  `check:fast ${results.every((r) => r.ok) ? 'passed' : 'failed'} in ${total.toFixed(0)} s ` +
    `(load average ${loadAtStart} at the start, ${load()} at the end)`,
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
