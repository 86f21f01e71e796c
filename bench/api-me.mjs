// Requests/s and p99 of GET /api/auth/me (signed in) against a bare Koa route, 50 connections.
// Budget: ratio >= 0.6 and p99 <= 50 ms.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { root, startApi, verdict, waitFor } from './lib.mjs';

const connections = 50;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (err, result) =>
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
    const login = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url },
      body: JSON.stringify({
        email: 'free@demo.test',
        password: process.env.DEMO_PASSWORD ?? 'demo-password',
      }),
    });
    if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const check = await fetch(`${api.url}/api/auth/me`, { headers: { cookie } });
    if (!check.ok) throw new Error(`GET /api/auth/me answered ${check.status} with the session cookie`);

    const baseline = await load(`http://127.0.0.1:${barePort}/`, {});
    const me = await load(`${api.url}/api/auth/me`, { cookie });
    const errors = me.non2xx + me.errors;
    const ratio = me.requests.average / baseline.requests.average;
    const p99 = me.latency.p99;
    console.log(`\nGET /api/auth/me (signed in), ${connections} connections, ${duration} s each`);
    console.log(
      `  bare Koa route   ${baseline.requests.average.toFixed(0).padStart(7)} req/s   p99 ${baseline.latency.p99} ms`,
    );
    console.log(
      `  /api/auth/me     ${me.requests.average.toFixed(0).padStart(7)} req/s   p99 ${p99} ms   non-2xx/errors ${errors}`,
    );
    console.log(`  ratio ${ratio.toFixed(2)} (budget >= 0.60) ${verdict(ratio >= 0.6)}`);
    console.log(`  p99 ${p99} ms (budget <= 50 ms) ${verdict(p99 <= 50)}`);
    return ratio >= 0.6 && p99 <= 50 && errors === 0;
  } finally {
    bare.kill('SIGTERM');
    await api.stop();
  }
}
