// The Super Admin Dashboard's user list (issue 14; a scale bench of README.md, "Benchmarks"): the
// demo superadmin reads GET /api/admin/users with 1,000, 10,000 and 100,000 users: a page of the
// newest (at a random depth of the first 40 pages), and searches as an admin types them (decision
// 081: any part of a name or e-mail, any case or accents): the start of a first name, a surname
// typed without its accents ("thao" for "Thảo"), an e-mail's number, a school's e-mail domain
// (1 in 40 users), two letters (no trigram to look up: every user's folded text is read), and a
// filtered page (role and verified). Server time p95 of 30 requests of each kind per size, on PGlite
// and, when there is one, on PostgreSQL. Budget: search and page p95 <= 100 ms at 100,000. The
// server time is the app's own request log line (`ms=`).
//
// The users are seeded with one SQL statement per size (generate_series), on top of the previous
// size's (so 100,000 is the last step), with varied names, roles, verification and join dates;
// each kind is asked once untimed before its 30 requests. The app is stopped while PGlite's folder
// is seeded (PGlite is one process at a time), opened with the app's own extensions
// (api/dist/db/pglite.js: the search's indexes need pg_trgm to be written).
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

const sizes = (process.env.ADMIN_USER_SIZES ?? '1000,10000,100000').split(',').map(Number);
const requestsPerKind = Number(process.env.ADMIN_USER_REQUESTS ?? 30);
const budgetMs = 100;

const firstNames = [
  'Maria',
  'James',
  'Zoë',
  'José',
  'Amira',
  'Nguyễn',
  'Olivia',
  'Liam',
  'Priya',
  'Kwame',
  'Sofia',
  'Noah',
  'Aisha',
  'Mateo',
  'Hana',
  'Lucas',
  'Fatima',
  'Ethan',
  'Mei',
  'Omar',
];
const lastNames = [
  'Garcia',
  'Smith',
  'Okafor',
  'Haddad',
  'Thảo',
  'Johnson',
  'Patel',
  'Mensah',
  'Rossi',
  'Kim',
  'Nowak',
  'Silva',
  'Dubois',
  'Tanaka',
  'Brown',
  'Ali',
  'Müller',
  'Lopez',
  'Chen',
  'Wilson',
];
/** What an admin types for a name: lower case, without its accents ("Thảo" -> "thao"). */
const plain = (name) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

/** One statement: users `from`..`to` (1-based), varied names, roles, verification and join dates. */
export function seedSql(from, to) {
  return `
    INSERT INTO users (name, email, password_hash, role, email_verified, created_at)
      SELECT (${sqlArray(firstNames)})[1 + i % ${firstNames.length}] || ' ' || (${sqlArray(lastNames)})[1 + (i / ${firstNames.length}) % ${lastNames.length}],
             'user-' || i || '@district' || (i % 40) || '.test', 'not-a-password-hash',
             (ARRAY['free', 'free', 'free', 'premium', 'premium', 'license_admin'])[1 + i % 6],
             i % 9 <> 0, now() - (i || ' minutes')::interval
      FROM generate_series(${from}, ${to}) i;
    ANALYZE users;
  `;
}

const kinds = {
  page: (r) => `limit=25&offset=${25 * ((r * 7) % 40)}`,
  'name start': (r) =>
    `search=${encodeURIComponent(firstNames[r % firstNames.length].slice(0, 3 + (r % 3)))}`,
  surname: (r) => `search=${encodeURIComponent(plain(lastNames[r % lastNames.length]))}`,
  'e-mail number': (r, n) => `search=user-${1 + ((r * 7919) % n)}`,
  'e-mail domain': (r) => `search=district${(r * 7) % 40}.test`,
  'two letters': (r) => `search=${['li', 'an', 'ok', 'ng', 'ma', 'ch'][r % 6]}`,
  filtered: (r) =>
    `role=${['free', 'premium', 'license_admin'][r % 3]}&verified=${r % 2 ? 'yes' : 'no'}&sort=joined_asc`,
};

async function serverTime(api) {
  for (let i = 0; i < 40; i++) {
    const line = api
      .output()
      .split('\n')
      .reverse()
      .find((l) => /GET \/api\/admin\/users 200/.test(l));
    const match = line?.match(/\bms=([\d.]+)/);
    if (match) return Number(match[1]);
    await sleep(25);
  }
  return undefined;
}

async function measure(api, n) {
  const cookie = await signInCookie(api.url, 'superadmin@demo.test');
  const rows = [];
  for (const [kind, query] of Object.entries(kinds)) {
    const server = [];
    const client = [];
    let total = 0;
    // One untimed request first: the first scans after a seed set the hint bits of every new row
    // (a one-off that a database pays once, not per request), which landed in the page's p95.
    await fetch(`${api.url}/api/admin/users?${query(requestsPerKind, n)}`, { headers: { cookie } });
    for (let r = 0; r < requestsPerKind; r++) {
      api.clearOutput();
      const started = performance.now();
      const res = await fetch(`${api.url}/api/admin/users?${query(r, n)}`, { headers: { cookie } });
      const body = await res.json();
      client.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`users answered ${res.status}: ${JSON.stringify(body)}`);
      total = body.total;
      const s = await serverTime(api);
      if (s !== undefined) server.push(s);
    }
    rows.push({ n, kind, total, server, client });
  }
  return rows;
}

function report(label, rows) {
  console.log(`  ${label}:`);
  console.log('      users | kind          | server p50 | server p95 | round trip p95 | last total');
  let ok = true;
  for (const { n, kind, total, server, client } of rows) {
    const p95 = percentile(server.length ? server : client, 95);
    console.log(
      `    ${String(n).padStart(7)} | ${kind.padEnd(13)} | ${ms(percentile(server, 50)).padStart(10)} | ${ms(p95).padStart(10)} | ${ms(percentile(client, 95)).padStart(14)} | ${total}`,
    );
    if (n === Math.max(...sizes) && p95 > budgetMs) ok = false;
  }
  console.log(
    `    every kind's p95 at ${Math.max(...sizes)} users (budget <= ${budgetMs} ms) ${verdict(ok)}`,
  );
  return ok;
}

async function onPglite(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-admin-'));
  try {
    // First start: migrations and the demo accounts (the superadmin among them).
    let api = await startApi(port, { dataDir });
    await api.stop();
    const { createPglite } = await import('../api/dist/db/pglite.js');
    const rows = [];
    let seeded = 0;
    for (const n of sizes) {
      const db = await createPglite({ dataDir: join(dataDir, 'pglite') });
      await db.exec(seedSql(seeded + 1, n));
      await db.close();
      seeded = n;
      api = await startApi(port, { dataDir, logLevel: 'info' });
      try {
        rows.push(...(await measure(api, n)));
      } finally {
        await api.stop();
      }
    }
    return report('PGlite', rows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function onPostgres(port) {
  return withPostgresApi(port, { logLevel: 'info' }, async (api, url) => {
    psql(url, demoUserSql({ name: 'Bench Super', email: 'superadmin@demo.test', role: 'superadmin' }));
    const rows = [];
    let seeded = 0;
    for (const n of sizes) {
      psql(url, seedSql(seeded + 1, n));
      seeded = n;
      rows.push(...(await measure(api, n)));
    }
    return report('PostgreSQL', rows);
  });
}

export async function benchAdminUsers() {
  console.log(
    `\nAdmin user list: GET /api/admin/users with ${sizes.join(' / ')} users (${Object.keys(kinds).join(', ')}); server time p95 of ${requestsPerKind} requests each`,
  );
  const port = Number(process.env.BENCH_PORT ?? 4319);
  const pglite = await onPglite(port);
  const postgres = await onPostgres(port);
  return pglite && postgres;
}

if (isMain(import.meta.url)) process.exit((await benchAdminUsers()) ? 0 : 1);
