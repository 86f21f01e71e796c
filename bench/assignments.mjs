// Assigned courses (issue 28, part 2; a scale bench of README.md, "Benchmarks"):
// 1. The assignment view: the demo license admin reads GET /api/license-groups/{id}/assignments of a
//    group of 5,000 members with progress and two whole-group assignments (one overdue), as License
//    Management asks for it: the first page, a status filter, a search. Server time p95 of 40
//    requests each (the app's request log `ms=`). Budget: p95 <= 300 ms.
// 2. The weekly digest of 500 groups of 300 members (150,000 members, one assignment each):
//    `sendWeeklyDigests` of the built api, in this process, on the same database. Budget: <= 60 s.
//
// On PGlite. The members are seeded with SQL (INSERT ... SELECT generate_series), not through the
// sign-up flow (150,000 sign-ups behind its password hashing and rate limits would take hours); the
// app is stopped while PGlite's folder is seeded (PGlite is one process at a time).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedSql } from './license-members.mjs';
import { isMain, ms, percentile, signInCookie, sleep, startApi, verdict } from './lib.mjs';

const viewMembers = Number(process.env.ASSIGNMENT_MEMBERS ?? 5000);
const requests = Number(process.env.ASSIGNMENT_REQUESTS ?? 40);
const digestGroups = Number(process.env.DIGEST_GROUPS ?? 500);
const digestMembers = Number(process.env.DIGEST_MEMBERS ?? 300);
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
function digestSql(groups, members, courses) {
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

export async function benchAssignments(port = Number(process.env.BENCH_PORT ?? 4327)) {
  console.log(
    `\nAssignments: the view of ${viewMembers} members (p95 of ${requests} requests per view), and the weekly digest of ${digestGroups} groups of ${digestMembers} members, on PGlite`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-assignments-'));
  try {
    let api = await startApi(port, { dataDir });
    const res = await fetch(`${api.url}/api/content/catalogue`);
    const courses = (await res.json()).courses
      .filter((c) => !c.isComingSoon)
      .map((c) => ({ slug: c.slug, modules: c.modules.length }));
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
    let viewOk;
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
    const digestOk = took <= 60_000 && sent >= digestGroups;
    console.log(
      `  weekly digests: ${sent} e-mails for ${digestGroups} groups built and queued in ${ms(took)} (budget <= 60 s) ${verdict(digestOk)}`,
    );
    return viewOk && digestOk;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) process.exit((await benchAssignments()) ? 0 : 1);
