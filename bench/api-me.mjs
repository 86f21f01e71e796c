// Requests/s and p99 of GET /api/auth/me (signed in) against a bare Koa route, 50 connections.
// Budget: ratio >= 0.6 and p99 <= 50 ms.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root, signIn, startApi, verdict, waitFor } from './lib.mjs';

const connections = 50;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

function load(url, headers, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

export async function benchApiMe() {
  const api = await startApi(4411);
  const barePort = 4412;
  const bare = spawn(process.execPath, [join(root, 'bench/bare-koa.mjs')], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`);
    const cookie = await signIn(api.url, 'free@demo.test');
    const check = await fetch(`${api.url}/api/auth/me`, { headers: { cookie } });
    if (!check.ok) throw new Error(`GET /api/auth/me answered ${check.status} with the session cookie`);

    // Both warm up, then alternate: this machine's speed drifts over a minute (a shared VM), and
    // alternating rounds lets each ratio compare the two under the same conditions.
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    const meUrl = `${api.url}/api/auth/me`;
    await load(bareUrl, {}, 2);
    await load(meUrl, { cookie }, 2);
    const bareRates = [];
    const meRates = [];
    const ratios = [];
    let errors = 0;
    let p99 = 0;
    for (let round = 0; round < rounds; round++) {
      const baseline = await load(bareUrl, {});
      const me = await load(meUrl, { cookie });
      errors += me.non2xx + me.errors;
      p99 = Math.max(p99, me.latency.p99);
      bareRates.push(baseline.requests.average);
      meRates.push(me.requests.average);
      ratios.push(me.requests.average / baseline.requests.average);
    }
    const ratio = median(ratios);
    const list = (values) => values.map((v) => v.toFixed(0)).join(' ');
    console.log(
      `\nGET /api/auth/me (signed in), ${connections} connections, ${rounds} alternating rounds of ${duration} s`,
    );
    console.log(
      `  bare Koa route   median ${median(bareRates).toFixed(0).padStart(6)} req/s   (rounds: ${list(bareRates)})`,
    );
    console.log(
      `  /api/auth/me     median ${median(meRates).toFixed(0).padStart(6)} req/s   (rounds: ${list(meRates)})   non-2xx/errors ${errors}`,
    );
    console.log(`  ratio per round ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
    console.log(`  ratio (median) ${ratio.toFixed(2)} (budget >= 0.60) ${verdict(ratio >= 0.6)}`);
    console.log(`  p99 (worst round) ${p99} ms (budget <= 50 ms) ${verdict(p99 <= 50)}`);
    return ratio >= 0.6 && p99 <= 50 && errors === 0;
  } finally {
    bare.kill('SIGTERM');
    await api.stop();
  }
}
