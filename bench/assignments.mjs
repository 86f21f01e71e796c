// Assigned courses (issue 28, part 2; a scale bench of README.md, "Benchmarks"):
// 1. The assignment view: the demo license admin reads GET /api/license-groups/{id}/assignments of a
//    group of 5,000 members with progress and two whole-group assignments (one overdue), as License
//    Management asks for it: the first page, a status filter, a search. Server time p95 of 40
//    requests each (the app's request log `ms=`). Budget: p95 <= 300 ms.
// 2. The weekly digest of 500 groups of 300 members (150,000 members, one assignment each):
//    `sendWeeklyDigests` of the built api, in this process, on the same database. Budget: <= 60 s.
// 3. The same digests built where production builds them, in the api's housekeeping, while 200
//    teachers use the api (bench/api-mixed.mjs's open loop, ~100 req/s, LOG_LEVEL info as in
//    production): the app is restarted on the seeded database, and housekeeping runs at its start
//    (the member nudges of every kind, then the digests). Budget: built <= 60 s (the app's own
//    "assignment e-mails queued ... ms=" line) and the teachers' p99 while it runs <= 50 ms, the
//    mixed load's budget, over the requests after the restart's first 5 s (a cold process and
//    housekeeping's other jobs at start: printed apart, beside a second restart's first 5 s, with
//    no digest to build). DIGEST_ONLY_PG=1 leaves out the PGlite report. On PostgreSQL (a district of 500 groups runs on a server, docs/scaling.md)
//    and, reported beside it, PGlite, whose queries run on the api's own thread.
//
// The members are seeded with SQL (INSERT ... SELECT generate_series), not through the sign-up flow
// (150,000 sign-ups behind its password hashing and rate limits would take hours); the app is
// stopped while PGlite's folder is seeded (PGlite is one process at a time).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLoop, summary } from './api-mixed.mjs';
import { seedSql } from './license-members.mjs';
import {
  createPostgresDatabase,
  createTeacher,
  demoUserSql,
  freeCourses,
  inPool,
  isMain,
  ms,
  percentile,
  psql,
  signInCookie,
  sleep,
  startApi,
  verdict,
} from './lib.mjs';

const viewMembers = Number(process.env.ASSIGNMENT_MEMBERS ?? 5000);
const requests = Number(process.env.ASSIGNMENT_REQUESTS ?? 40);
const digestGroups = Number(process.env.DIGEST_GROUPS ?? 500);
const digestMembers = Number(process.env.DIGEST_MEMBERS ?? 300);
const loadTeachers = Number(process.env.BENCH_TEACHERS ?? 200);
const digestBudgetMs = 60_000;
const loadBudgetP99Ms = 50;
/** A restart's first seconds: a cold process and housekeeping's other jobs (reported apart). */
const warmUpMs = 5_000;
const views = [
  { label: 'first page', query: '' },
  { label: 'overdue, page 3', query: '?status=overdue&page=3' },
  { label: 'search "teacher 42"', query: '?q=teacher%2042' },
];

/** Two whole-group assignments of the group: one due in the past (overdue rows), one in a month. */
function assignmentSql(groupId, [first, second]) {
  return `
    INSERT INTO assignments (license_group_id, course_slug, due_date, whole_group, assigned_on, created_at)
    VALUES ('${groupId}', '${first.slug}', current_date - 3, true, current_date - 30, now() - interval '30 days'),
           ('${groupId}', '${second.slug}', current_date + 30, true, current_date - 2, now() - interval '2 days');`;
}

/** 500 groups of 300 members, each with progress and one assignment made two weeks ago. */
export function digestSql(groups, members, courses) {
  const values = courses.map((c, i) => `('${c.slug}', ${c.modules}, ${i + 1})`).join(', ');
  const group = `md5('digest-group-' || g)::uuid`;
  const member = `md5('digest-member-' || g || '-' || i)::uuid`;
  return `
    INSERT INTO license_groups (id, name, purchaser_id, license_count)
      SELECT ${group}, 'Digest School ' || g, id, ${members}
        FROM users, generate_series(1, ${groups}) g WHERE email = 'license-admin@demo.test';
    INSERT INTO users (id, name, email, password_hash, email_verified)
      SELECT ${member}, 'Digest Teacher ' || g || '-' || i, 'digest-' || g || '-' || i || '@bench.test', 'x', true
        FROM generate_series(1, ${groups}) g, generate_series(1, ${members}) i;
    INSERT INTO license_memberships (user_id, license_group_id, joined_at)
      SELECT ${member}, ${group}, now() - interval '60 days'
        FROM generate_series(1, ${groups}) g, generate_series(1, ${members}) i;
    INSERT INTO progress (user_id, course_slug, module_id, completed, best_score, answers, first_completed_at, updated_at)
      SELECT ${member}, c.slug, m, true, 100, '[]'::jsonb, now() - ((i % 10) || ' days')::interval, now()
        FROM generate_series(1, ${groups}) g, generate_series(1, ${members}) i
        CROSS JOIN (VALUES ${values}) AS c(slug, total, ord)
        CROSS JOIN LATERAL generate_series(1, (i * 7 + c.ord * 3) % (c.total + 1)) m
       WHERE c.ord <= 2;
    INSERT INTO assignments (license_group_id, course_slug, due_date, whole_group, assigned_on, created_at)
      SELECT ${group}, '${courses[0].slug}', current_date + 10, true, current_date - 14, now() - interval '14 days'
        FROM generate_series(1, ${groups}) g;`;
}

async function serverTime(api) {
  for (let i = 0; i < 40; i++) {
    const line = api
      .output()
      .split('\n')
      .reverse()
      .find((l) => /GET \/api\/license-groups\/[^/]+\/assignments(\?\S*)? 200/.test(l));
    const match = line?.match(/\bms=([\d.]+)/);
    if (match) return Number(match[1]);
    await sleep(25);
  }
  return undefined;
}

async function measureView(api, groupId) {
  const cookie = await signInCookie(api.url, 'license-admin@demo.test');
  let ok = true;
  console.log('    view                 | server p50 | server p95 | round trip p95 | answer');
  for (const view of views) {
    const server = [];
    const client = [];
    let answer = '';
    for (let r = 0; r < requests; r++) {
      api.clearOutput();
      const started = performance.now();
      const res = await fetch(`${api.url}/api/license-groups/${groupId}/assignments${view.query}`, {
        headers: { cookie },
      });
      const body = await res.json();
      client.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`assignments answered ${res.status}: ${JSON.stringify(body)}`);
      const counts = body.assignments.map((a) => JSON.stringify(a.counts)).join(' ');
      answer = `${body.rows.length} of ${body.matching} rows; ${counts}`;
      const s = await serverTime(api);
      if (s !== undefined) server.push(s);
    }
    const p95 = percentile(server.length ? server : client, 95);
    if (p95 > 300) ok = false;
    console.log(
      `    ${view.label.padEnd(20)} | ${ms(percentile(server, 50)).padStart(10)} | ${ms(p95).padStart(10)} | ${ms(percentile(client, 95)).padStart(14)} | ${answer}`,
    );
  }
  console.log(`    p95 of every view at ${viewMembers} members (budget <= 300 ms) ${verdict(ok)}`);
  return ok;
}

/** The catalogue's published courses and their sizes, as the digest SQL wants them. */
async function publishedCourses(url) {
  const res = await fetch(`${url}/api/content/catalogue`);
  return (await res.json()).courses
    .filter((c) => !c.isComingSoon)
    .map((c) => ({ slug: c.slug, modules: c.modules.length }));
}

/**
 * Part 3 on one engine: teachers signed up, the app stopped, the districts seeded, the app started
 * again (its housekeeping starts the nudges and digests), and the mixed load from then until the
 * app logs that they are queued; then 20 s more of the same load with housekeeping idle.
 */
async function digestUnderLoad(label, port, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-digest-'));
  try {
    let api = await startApi(port, { dataDir, databaseUrl, build: false });
    let teachers;
    let courses;
    let catalogue;
    try {
      catalogue = await publishedCourses(api.url);
      teachers = await inPool(loadTeachers, 4, (n) => createTeacher(api.url, { n }));
      courses = await freeCourses(teachers[0]);
    } finally {
      await api.stop();
    }
    const started = performance.now();
    if (databaseUrl) {
      // The demo accounts are PGlite's; the digests' groups need their purchaser.
      psql(
        databaseUrl,
        demoUserSql({ name: 'Demo License Admin', email: 'license-admin@demo.test', role: 'license_admin' }) +
          digestSql(digestGroups, digestMembers, catalogue),
      );
      // A district's tables grow over weeks under autovacuum; seeded in one go, they are vacuumed and
      // analysed once, as autovacuum would have (the CI server runs with autovacuum off).
      psql(
        databaseUrl,
        'VACUUM (ANALYZE) users, license_groups, license_memberships, progress, assignments;',
      );
    } else {
      const { createPglite } = await import('../api/dist/db/pglite.js');
      const pglite = await createPglite({ dataDir: join(dataDir, 'pglite') });
      await pglite.exec(digestSql(digestGroups, digestMembers, catalogue));
      await pglite.close();
    }
    console.log(
      `  ${label}: ${teachers.length} teachers signed up; ${digestGroups} groups of ${digestMembers} members seeded in ${ms(performance.now() - started)}`,
    );

    api = await startApi(port, { dataDir, databaseUrl, build: false, logLevel: 'info' });
    try {
      const queued = () => api.output().match(/assignment e-mails queued[^\n]*/)?.[0];
      const during = await openLoop(teachers, courses, { duration: 180, done: () => Boolean(queued()) });
      const line = queued();
      const field = (name) => Number(line?.match(new RegExp(`\\b${name}=(\\d+)`))?.[1]);
      const took = field('ms');
      const after = await openLoop(teachers, courses, { duration: 20 });
      // A restart's own first seconds (a cold process, and housekeeping's other jobs at start) are
      // apart: they are the same with no digest to build (measured below, after a second restart).
      const busy = summary(during.list.filter((x) => x.at >= warmUpMs));
      const first = summary(during.list.filter((x) => x.at < warmUpMs));
      const idle = summary(after.list);
      const builtOk = line !== undefined && took <= digestBudgetMs && field('digests') >= digestGroups;
      const loadOk = busy.errors === 0 && first.errors === 0 && busy.p99 <= loadBudgetP99Ms;
      console.log(
        `    housekeeping queued ${field('nudges')} nudges and ${field('digests')} digests in ${ms(took)} (budget <= 60 s) ${verdict(builtOk)}`,
      );
      console.log(
        `    teachers while it ran, after the restart's first ${warmUpMs / 1000} s: ${busy.count} requests, p50 ${ms(busy.p50)}, p99 ${ms(busy.p99)}, errors ${busy.errors + first.errors} (budget p99 <= ${loadBudgetP99Ms} ms, 0 errors) ${verdict(loadOk)}`,
      );
      console.log(
        `    the restart's first ${warmUpMs / 1000} s: ${first.count} requests, p50 ${ms(first.p50)}, p99 ${ms(first.p99)}`,
      );
      console.log(
        `    the same load after it (housekeeping idle): ${idle.count} requests, p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}, errors ${idle.errors}`,
      );
      if (during.failures.length) console.log(`    first failure: ${during.failures[0]}`);
      await api.stop();
      // A second restart: this week's digests are sent, so housekeeping finds none.
      api = await startApi(port, { dataDir, databaseUrl, build: false, logLevel: 'info' });
      const again = summary((await openLoop(teachers, courses, { duration: warmUpMs / 1000 })).list);
      console.log(
        `    a restart with no digest to build, its first ${warmUpMs / 1000} s: ${again.count} requests, p50 ${ms(again.p50)}, p99 ${ms(again.p99)}, errors ${again.errors}`,
      );
      for (const t of teachers) t.close();
      return builtOk && loadOk;
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Part 3: on PostgreSQL (the budget) and PGlite (reported: its queries share the api's thread). */
export async function benchDigestUnderLoad(port = Number(process.env.BENCH_PORT ?? 4327)) {
  console.log(
    `\n  The digests in the api's housekeeping while ${loadTeachers} teachers use it (api-mixed's open loop):`,
  );
  const pg = createPostgresDatabase();
  let ok = true;
  if (!pg)
    console.log('  PostgreSQL: no server (set BENCH_DATABASE_URL or start 127.0.0.1:5432): not measured');
  else {
    try {
      ok = await digestUnderLoad('PostgreSQL', port + 1, pg.url);
    } finally {
      pg.drop();
    }
  }
  if (process.env.DIGEST_ONLY_PG) return ok;
  const pglite = await digestUnderLoad('PGlite (reported, no budget)', port + 2);
  if (!pglite)
    console.log(
      '    PGlite builds the digests on the api thread: a district of this size runs on PostgreSQL (docs/scaling.md)',
    );
  return ok;
}

export async function benchAssignments(port = Number(process.env.BENCH_PORT ?? 4327)) {
  console.log(
    `\nAssignments: the view of ${viewMembers} members (p95 of ${requests} requests per view), and the weekly digest of ${digestGroups} groups of ${digestMembers} members, on PGlite`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-assignments-'));
  let viewOk;
  let digestOk;
  try {
    let api = await startApi(port, { dataDir });
    const courses = await publishedCourses(api.url);
    await api.stop();

    const { createPglite } = await import('../api/dist/db/pglite.js');
    const { openPglite } = await import('../api/dist/db/client.js');
    let pglite = await createPglite({ dataDir: join(dataDir, 'pglite') });
    const groupId = randomUUID();
    let started = performance.now();
    await pglite.exec(seedSql(groupId, viewMembers, courses) + assignmentSql(groupId, courses));
    console.log(`  seeded the ${viewMembers}-member group in ${ms(performance.now() - started)}`);
    await pglite.close();

    api = await startApi(port, { dataDir, logLevel: 'info', build: false });
    try {
      viewOk = await measureView(api, groupId);
    } finally {
      await api.stop();
    }

    pglite = await createPglite({ dataDir: join(dataDir, 'pglite') });
    started = performance.now();
    await pglite.exec(digestSql(digestGroups, digestMembers, courses));
    await pglite.close();
    const database = await openPglite(dataDir);
    console.log(
      `  seeded ${digestGroups} groups of ${digestMembers} members (${digestGroups * digestMembers} members) in ${ms(performance.now() - started)}`,
    );
    const { sendWeeklyDigests } = await import('../api/dist/modules/assignments/nudges.js');
    const { loadContent } = await import('../content/dist/index.js');
    const { insertMails } = await import('../api/dist/modules/mail/store.js');
    const content = await loadContent();
    // The outbox itself (the worker that sends is not part of building the digests).
    const mailer = { enqueueMany: (tx, mails) => insertMails(tx, mails, new Date()), kick() {} };
    const config = { publicUrl: `http://127.0.0.1:${port}` };
    started = performance.now();
    const sent = await sendWeeklyDigests({
      db: database.db,
      clock: () => new Date(),
      config,
      mailer,
      content,
    });
    const took = performance.now() - started;
    await database.close();
    digestOk = took <= digestBudgetMs && sent >= digestGroups;
    console.log(
      `  weekly digests: ${sent} e-mails for ${digestGroups} groups built and queued in ${ms(took)} (budget <= 60 s) ${verdict(digestOk)}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const loadOk = await benchDigestUnderLoad(port);
  return viewOk && digestOk && loadOk;
}

if (isMain(import.meta.url)) process.exit((await benchAssignments()) ? 0 : 1);
