#!/usr/bin/env node
// `npm run check:fast`: the lane to run before every commit, in a few minutes on a 2-core machine.
//   typecheck, then lint (ESLint with the floor rules, Prettier)   } side by side: Vitest runs
//   Vitest: domain, content, api on PGlite, pwa, sw, lint projects  } its files in one worker
// No build, no PostgreSQL, no browser: `npm test` is the full suite (CI runs it).
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const projects = ['domain', 'content', 'api', 'pwa', 'service-worker', 'lint'];

// The api project runs on PGlite here whatever the shell says.
const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') };
delete env.TEST_DB;

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

async function lane(live, ...steps) {
  const results = [];
  for (const s of steps) results.push(await step(s, live));
  return results;
}

const started = Date.now();
const results = (
  await Promise.all([
    lane(
      false,
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ['lint', 'npm', ['run', '--silent', 'lint']],
    ),
    lane(true, [
      'tests (domain, content, api on PGlite, pwa, lint)',
      'npx',
      ['vitest', 'run', '--maxWorkers=2', ...projects.flatMap((p) => ['--project', p])],
    ]),
  ])
).flat();

const total = (Date.now() - started) / 1000;
console.log('');
for (const r of results) console.log(`${r.ok ? 'ok    ' : 'FAILED'} ${r.title} (${r.seconds.toFixed(0)} s)`);
console.log(`check:fast ${results.every((r) => r.ok) ? 'passed' : 'failed'} in ${total.toFixed(0)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
