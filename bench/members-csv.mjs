// Big downloads never stall the api (issue 31 item 5): the licence admin downloads the members CSV
// (GET /api/license-groups/{id}/members.csv) of a group of 5,000 members with progress in 6 courses.
// 1. One download at a time, MEMBERS_CSV_DOWNLOADS (10) times: the first byte of the body and the
//    whole file, as a browser asks for it (gzip accepted). Budget: first byte p95 <= 300 ms, whole
//    p95 <= 2 s.
// 2. /api/health round trips, one after another, for MEMBERS_CSV_SECONDS (10) s idle, then as long
//    again while 5 admins each download the CSV again and again. Budget: busy p99 <= 2x idle p99.
// On PGlite and, when there is one, on PostgreSQL, against the built app (`npm run build` first).
// The members are seeded with SQL (license-members.mjs's seed), the app stopped while PGlite's folder
// is seeded. The 5 admins are 5 sessions of the demo licence admin (the server's work per download
// is the same for any admin of the group).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedSql } from './license-members.mjs';
import {
  demoUserSql,
  isMain,
  ms,
  percentile,
  psql,
  request,
  signInCookie,
  startApi,
  verdict,
  withPostgresApi,
} from './lib.mjs';

const members = Number(process.env.MEMBERS_CSV_MEMBERS ?? 5000);
const downloads = Number(process.env.MEMBERS_CSV_DOWNLOADS ?? 10);
const seconds = Number(process.env.MEMBERS_CSV_SECONDS ?? 10);
const admins = 5;
const firstByteBudgetMs = 300;
const wholeBudgetMs = 2000;

/** One download: ms to the first byte of the body and to the end, and the bytes on the wire. */
function download(url, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first;
    let bytes = 0;
    const req = httpRequest(url, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`members.csv answered ${res.statusCode}`));
      res.on('data', (chunk) => {
        first ??= performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({
          first,
          whole: performance.now() - started,
          bytes,
          encoding: res.headers['content-encoding'],
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function probeHealth(url, until) {
  const times = [];
  while (!until()) {
    const started = performance.now();
    const res = await request(`${url}/api/health`);
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(label, api, groupId) {
  const url = `${api.url}/api/license-groups/${groupId}/members.csv?tz=America/Chicago`;
  const cookies = [];
  for (let i = 0; i < admins; i++) cookies.push(await signInCookie(api.url, 'license-admin@demo.test'));
  await download(url, cookies[0]); // warm-up (content, session cache)
  const single = [];
  for (let i = 0; i < downloads; i++) single.push(await download(url, cookies[0]));
  const firstP95 = percentile(
    single.map((d) => d.first),
    95,
  );
  const wholeP95 = percentile(
    single.map((d) => d.whole),
    95,
  );

  let stop = performance.now() + seconds * 1000;
  const idle = await probeHealth(api.url, () => performance.now() > stop);
  stop = performance.now() + seconds * 1000;
  const busyDownloads = [];
  const admin = async (cookie) => {
    while (performance.now() < stop) busyDownloads.push(await download(url, cookie));
  };
  const [busy] = await Promise.all([
    probeHealth(api.url, () => performance.now() > stop),
    ...cookies.map(admin),
  ]);
  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(busy, 99);

  console.log(`  ${label}:`);
  console.log(
    `    one at a time (${downloads}): first byte p50 ${ms(
      percentile(
        single.map((d) => d.first),
        50,
      ),
    )}, p95 ${ms(firstP95)}; whole p50 ${ms(
      percentile(
        single.map((d) => d.whole),
        50,
      ),
    )}, p95 ${ms(wholeP95)}; ${Math.round(single[0].bytes / 1024)} KiB on the wire (${single[0].encoding ?? 'identity'})`,
  );
  console.log(
    `    ${admins} admins at once: ${busyDownloads.length} downloads in ${seconds} s, whole p50 ${ms(
      percentile(
        busyDownloads.map((d) => d.whole),
        50,
      ),
    )}, p95 ${ms(
      percentile(
        busyDownloads.map((d) => d.whole),
        95,
      ),
    )}; first byte p95 ${ms(
      percentile(
        busyDownloads.map((d) => d.first),
        95,
      ),
    )}`,
  );
  console.log(
    `    health idle p50 ${ms(percentile(idle, 50))}, p99 ${ms(idleP99)} (${idle.length}); during: p50 ${ms(percentile(busy, 50))}, p99 ${ms(busyP99)} (${busy.length})`,
  );
  const okFirst = firstP95 <= firstByteBudgetMs;
  const okWhole = wholeP95 <= wholeBudgetMs;
  const okHealth = busyP99 <= 2 * idleP99;
  console.log(`    first byte p95 (budget <= ${firstByteBudgetMs} ms) ${verdict(okFirst)}`);
  console.log(`    whole p95 (budget <= ${wholeBudgetMs} ms) ${verdict(okWhole)}`);
  console.log(`    health p99 ratio ${(busyP99 / idleP99).toFixed(2)}x (budget <= 2x) ${verdict(okHealth)}`);
  return okFirst && okWhole && okHealth;
}

async function sixCourses(api) {
  const res = await fetch(`${api.url}/api/content/catalogue`);
  const { courses } = await res.json();
  return courses
    .filter((c) => !c.isComingSoon)
    .slice(0, 6)
    .map((c) => ({ slug: c.slug, modules: c.modules.length }));
}

async function onPglite(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-members-csv-'));
  try {
    let api = await startApi(port, { dataDir });
    const courses = await sixCourses(api);
    await api.stop();
    const { createPglite } = await import('../api/dist/db/pglite.js');
    const db = await createPglite({ dataDir: join(dataDir, 'pglite') });
    const groupId = randomUUID();
    await db.exec(seedSql(groupId, members, courses));
    await db.close();
    api = await startApi(port, { dataDir });
    try {
      return await measure('PGlite', api, groupId);
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function onPostgres(port) {
  return withPostgresApi(port, {}, async (api, url) => {
    const courses = await sixCourses(api);
    const groupId = randomUUID();
    psql(
      url,
      demoUserSql({ name: 'Bench Admin', email: 'license-admin@demo.test', role: 'license_admin' }) +
        seedSql(groupId, members, courses),
    );
    return measure('PostgreSQL', api, groupId);
  });
}

export async function benchMembersCsv() {
  const load = (await import('node:os')).loadavg().map((l) => l.toFixed(2));
  console.log(
    `\nmembers-csv: the CSV of ${members} members with progress in 6 courses; first byte and whole (${downloads} one at a time), /api/health p99 while ${admins} admins download (load average ${load.join(' ')})`,
  );
  const port = Number(process.env.BENCH_PORT ?? 4393);
  const pglite = await onPglite(port);
  const postgres = await onPostgres(port);
  return pglite && postgres;
}

if (isMain(import.meta.url)) process.exit((await benchMembersCsv()) ? 0 : 1);
