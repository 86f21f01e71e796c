import { METHODS } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/app.js';
import { signIn } from './test/auth-helpers.js';
import { buildUser } from './test/factories.js';
import { fuzzRequests, sendRaw } from './test/fuzz.js';

/**
 * Issue 17, item 2: 10,000+ malformed requests (seeded, so a failure replays) across every route of
 * the endpoint table, anonymous and signed in per role: never a 5xx, never a secret in the logs.
 */
const seed = Number(process.env.FUZZ_SEED ?? 17);
const total = Number(process.env.FUZZ_REQUESTS ?? 10_400);
const generous = { limit: 1_000_000, windowMs: 60_000 };

let app: TestApp;
const secrets: string[] = [];
const cookies: (string | undefined)[] = [undefined];

beforeAll(async () => {
  const policy = { perIp: generous, perAccount: generous };
  app = await startTestApp({
    rateLimits: {
      login: policy,
      register: policy,
      forgotPassword: policy,
      resendVerification: policy,
      resetPassword: policy,
      inviteLookup: policy,
    },
  });
  for (const role of ['free', 'premium', 'license_admin', 'superadmin'] as const) {
    const built = await buildUser(app.db, { role, password: `fuzz-secret-${role}-pass` });
    const client = app.client();
    expect((await signIn(client, built.email, built.password)).status).toBe(200);
    secrets.push(built.password, built.user.passwordHash);
    for (const [name, value] of client.cookies) {
      secrets.push(value);
      cookies.push(`${name}=${value}`);
    }
  }
});
afterAll(() => app.close());

describe('malformed requests', () => {
  it(`answers ${total} fuzzed requests with 4xx or 2xx, never 5xx, and logs no secret`, async () => {
    const requests = fuzzRequests(seed, total, app.client().origin);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const i = next++;
        const req = requests[i]!;
        const res = await sendRaw(app.url, req, cookies[i % cookies.length]);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          failures.push(
            `#${i} ${req.method} ${req.path} ${JSON.stringify(req.headers)} -> ${res.status} ${res.body.slice(0, 200)}`,
          );
        else if (
          res.status >= 400 &&
          req.method !== 'HEAD' &&
          // Node's HTTP parser refuses a method it does not know (400) before the app sees it.
          METHODS.includes(req.method) &&
          // The demo payment pages under /api/stripe/demo are pages for people (HTML).
          !String(res.headers['content-type']).startsWith('text/html') &&
          req.path.toLowerCase().startsWith('/api')
        ) {
          // The one error format, with a message a person can act on.
          let body: { error?: unknown } | null = null;
          try {
            body = JSON.parse(res.body) as { error?: unknown } | null;
          } catch {
            // not JSON: reported below
          }
          if (typeof body?.error !== 'string' || body.error.length === 0)
            failures.push(
              `#${i} ${req.method} ${req.path} -> ${res.status} without {error}: ${res.body.slice(0, 120)}`,
            );
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const seconds = (performance.now() - started) / 1000;
    const table = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const logs = JSON.stringify(app.logs);
    const leaked = secrets.filter((s) => logs.includes(s)).length + (logs.includes('$argon2') ? 1 : 0);
    process.stdout.write(
      `fuzz: seed ${seed}, ${requests.length} requests in ${seconds.toFixed(1)} s (${Math.round(requests.length / seconds)} req/s); ` +
        `5xx ${fivexx} (budget 0); secrets in logs ${leaked} (budget 0); statuses ${table}\n`,
    );
    if (process.env.FUZZ_DEBUG) {
      const errors = app.logs
        .filter((l) => l.level === 'error')
        .map((l) => `${String(l.fields?.path)} ${String(l.fields?.error).slice(0, 160)}`);
      process.stdout.write(
        `${[...new Set(errors.map((e) => e.replace(/\/api\/[^ ]*/, (p) => p.split('/').slice(0, 3).join('/'))))].join('\n')}\n`,
      );
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(leaked).toBe(0);
  }, 600_000);
});
