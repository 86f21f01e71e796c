// Licence group members (issue 18; a scale bench of README.md, "Benchmarks"): the demo license
// admin reads GET /api/license-groups/{id}/members of groups of 50, 500 and 5,000 members with
// realistic progress (each member part-way through several courses), as the License Management
// page asks for them: the first page by progress (the page's opening view), a later page by last
// activity, and a search. Server time p95 of 40 requests per view and size, on PGlite and, when
// there is one, on PostgreSQL. Budget: p95 <= 300 ms at 5,000 for every view. The server time is
// the app's own request log line (`ms=`).
//
// The members are seeded straight into the app's database with SQL (generate_series): 5,000
// sign-ups through the real flow would take hours behind its rate limits and password hashing.
// The app is stopped while PGlite's folder is seeded (PGlite is one process at a time), opened with
// the app's own extensions (api/dist/db/pglite.js: the member search's index needs pg_trgm).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  demoUserSql,
  psql,
  withPostgresApi,
  isMain,
  ms,
  percentile,
  signInCookie,
  sleep,
  startApi,
  verdict,
} from './lib.mjs';

const sizes = (process.env.MEMBER_SIZES ?? '50,500,5000').split(',').map(Number);
const requestsPerSize = Number(process.env.MEMBER_REQUESTS ?? 40);
const budgetMs = 300;
/** What the page asks for: its opening view, a later page in another order, a search. */
const views = [
  { label: 'first page by progress', query: '' },
  { label: 'page 10 by last activity', query: '?sort=lastActivity&page=10' },
  { label: 'search "teacher 42"', query: '?q=teacher%2042' },
];

/** The SQL that gives the demo license admin a group of `n` members with progress in the courses. */
export function seedSql(groupId, n, courses) {
  const values = courses.map((c, i) => `('${c.slug}', ${c.modules}, ${i + 1})`).join(', ');
  const member = `md5('${groupId}' || i)::uuid`;
  return `
    INSERT INTO license_groups (id, name, purchaser_id, license_count)
      SELECT '${groupId}', 'Bench ${n}', id, ${n} FROM users WHERE email = 'license-admin@demo.test';
    INSERT INTO users (id, name, email, password_hash, email_verified, created_at)
      SELECT ${member}, 'Bench Teacher ' || i, 'bench-${n}-' || i || '@bench.test', 'not-a-password-hash',
             i % 7 <> 0, now() - (i || ' minutes')::interval
      FROM generate_series(1, ${n}) i;
    INSERT INTO license_memberships (user_id, license_group_id, joined_at)
      SELECT ${member}, '${groupId}', now() - (i || ' minutes')::interval FROM generate_series(1, ${n}) i;
    INSERT INTO progress (user_id, course_slug, module_id, completed, best_score, answers, first_completed_at, updated_at)
      SELECT ${member}, c.slug, m, true, 100, '[]'::jsonb, now(), now() - ((i % 900) || ' minutes')::interval
      FROM generate_series(1, ${n}) i
      CROSS JOIN (VALUES ${values}) AS c(slug, total, ord)
      CROSS JOIN LATERAL generate_series(1, (i * 7 + c.ord * 3) % (c.total + 1)) m;
  `;
}

/** The request log's duration of the newest members call, if the app printed it. */
async function serverTime(api) {
  for (let i = 0; i < 40; i++) {
    const line = api
      .output()
      .split('\n')
      .reverse()
      .find((l) => /GET \/api\/license-groups\/[^/]+\/members(\?\S*)? 200/.test(l));
    const match = line?.match(/\bms=([\d.]+)/);
    if (match) return Number(match[1]);
    await sleep(25);
  }
  return undefined;
}

async function measure(api, groups) {
  const cookie = await signInCookie(api.url, 'license-admin@demo.test');
  const rows = [];
  for (const view of views) {
    for (const { id, n } of groups) {
      const server = [];
      const client = [];
      let answer = '';
      for (let r = 0; r < requestsPerSize; r++) {
        api.clearOutput();
        const started = performance.now();
        const res = await fetch(`${api.url}/api/license-groups/${id}/members${view.query}`, {
          headers: { cookie },
        });
        const body = await res.json();
        client.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`members answered ${res.status}: ${JSON.stringify(body)}`);
        answer = `${body.members.length} of ${body.matching} (${body.total} members)`;
        const s = await serverTime(api);
        if (s !== undefined) server.push(s);
      }
      rows.push({ view: view.label, n, answer, server, client });
    }
  }
  return rows;
}

function report(label, rows) {
  console.log(`  ${label}:`);
  console.log('    view                      | members | server p50 | server p95 | round trip p95 | answer');
  let ok = true;
  const largest = Math.max(...sizes);
  for (const { view, n, answer, server, client } of rows) {
    const p95 = percentile(server.length ? server : client, 95);
    console.log(
      `    ${view.padEnd(25)} | ${String(n).padStart(7)} | ${ms(percentile(server, 50)).padStart(10)} | ${ms(p95).padStart(10)} | ${ms(percentile(client, 95)).padStart(14)} | ${answer}`,
    );
    if (n === largest && p95 > budgetMs) ok = false;
  }
  console.log(`    p95 of every view at ${largest} members (budget <= ${budgetMs} ms) ${verdict(ok)}`);
  return ok;
}

async function catalogueOf(api) {
  const res = await fetch(`${api.url}/api/content/catalogue`);
  const { courses } = await res.json();
  return courses.filter((c) => !c.isComingSoon).map((c) => ({ slug: c.slug, modules: c.modules.length }));
}

async function onPglite(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-members-'));
  try {
    // First start: migrations and the demo accounts; then seed the stopped app's folder.
    let api = await startApi(port, { dataDir });
    const courses = await catalogueOf(api);
    await api.stop();
    const { createPglite } = await import('../api/dist/db/pglite.js');
    const db = await createPglite({ dataDir: join(dataDir, 'pglite') });
    const groups = sizes.map((n) => ({ id: randomUUID(), n }));
    for (const g of groups) await db.exec(seedSql(g.id, g.n, courses));
    await db.close();
    api = await startApi(port, { dataDir, logLevel: 'info' });
    try {
      return report('PGlite', await measure(api, groups));
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function onPostgres(port) {
  return withPostgresApi(port, { logLevel: 'info' }, async (api, url) => {
    const courses = await catalogueOf(api);
    const groups = sizes.map((n) => ({ id: randomUUID(), n }));
    psql(
      url,
      demoUserSql({ name: 'Bench Admin', email: 'license-admin@demo.test', role: 'license_admin' }) +
        groups.map((g) => seedSql(g.id, g.n, courses)).join('\n'),
    );
    return report('PostgreSQL', await measure(api, groups));
  });
}

export async function benchLicenseMembers() {
  console.log(
    `\nLicence group members: GET /api/license-groups/{id}/members for groups of ${sizes.join(' / ')} members with progress; server time p95 of ${requestsPerSize} requests each`,
  );
  const port = Number(process.env.BENCH_PORT ?? 4319);
  const pglite = await onPglite(port);
  const postgres = await onPostgres(port);
  return pglite && postgres;
}

if (isMain(import.meta.url)) process.exit((await benchLicenseMembers()) ? 0 : 1);
