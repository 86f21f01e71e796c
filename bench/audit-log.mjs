// The audit log at district scale (issue 28 part 4; a scale bench of README.md, "Benchmarks"): the
// Activity tab's pages over 1,000,000 audit rows, read through the api's own audit service
// (`list`: the page and its total, the SQL of api/src/modules/audit/store.ts on the indexes of
// migration 0016) on PGlite, migrated by the api's migrations. Kinds: the newest page, a page 20
// pages deep, one group's entries (the licence admin's GET /api/license-groups/{id}/audit), an
// action, an actor, a week, a search of part of an e-mail, and group + action + month together.
// Budget: every kind's p95 <= 300 ms for a page of 25 with its total. Time is the service call's
// (the HTTP layer adds a page of 25 rows' JSON); each kind is asked once untimed, then 30 times.
//
// The rows are seeded with one INSERT ... SELECT generate_series (AUDIT_ROWS, default 1,000,000):
// 2 years of entries, 200 groups, 2,000 actors, 22 actions, e-mail labels; then VACUUM ANALYZE.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMain, ms, percentile, verdict } from './lib.mjs';

const rows = Number(process.env.AUDIT_ROWS ?? 1_000_000);
const requestsPerKind = Number(process.env.AUDIT_REQUESTS ?? 30);
const budgetMs = 300;
const pageSize = 25;
const groups = 200;
const actors = 2000;
const actions = [
  'invites_sent',
  'invite_resent',
  'invite_revoked',
  'invite_accepted',
  'member_joined',
  'member_removed',
  'roster_imported',
  'join_link_created',
  'join_link_revoked',
  'group_term_changed',
  'group_admin_added',
  'group_admin_removed',
  'license_count_edited',
  'role_changed',
  'email_verified',
  'mfa_enabled',
  'mfa_disabled',
  'assignments_created',
  'assignment_removed',
  'license_group_created',
  'group_owner_changed',
  'user_deleted',
];
const end = Date.parse('2026-11-27T00:00:00Z');
const spanSeconds = 2 * 365 * 24 * 3600;

/** A deterministic uuid of `n` of a kind (md5 of the text), the same in SQL and here. */
const uuidSql = (kind, expr) => `md5('${kind}-' || (${expr})::text)::uuid`;

const seedSql = (n) => `
  insert into audit_log (id, at, action, actor_id, actor_email, target_type, target_id, target_label, before, after, license_group_id)
  select gen_random_uuid(),
         to_timestamp(${end / 1000} - (i::bigint * ${spanSeconds} / ${n})),
         (array[${actions.map((a) => `'${a}'`).join(',')}])[1 + (i / 13) % ${actions.length}],
         null,
         'admin-' || (i % ${actors}) || '@district' || (i % ${groups}) || '.test',
         'user',
         ${uuidSql('target', `i % 50000`)}::text,
         'teacher-' || (i % 50000) || '@school' || (i % ${groups}) || '.test',
         null,
         jsonb_build_object('n', i),
         ${uuidSql('group', `i % ${groups}`)}
  from generate_series(1, ${n}) as i;
  vacuum analyze audit_log;`;

function groupId(db, sql, n) {
  return db.execute(sql.raw(`select ${uuidSql('group', String(n))} as id`)).then((r) => (r.rows ?? r)[0].id);
}

export async function benchAuditLog() {
  console.log(
    `\nAudit log: the Activity tab's pages of ${pageSize} (with the total) over ${rows.toLocaleString('en-US')} rows on PGlite; service time p95 of ${requestsPerKind} calls each`,
  );
  const { openPglite } = await import('../api/dist/db/client.js');
  const { runMigrations } = await import('../api/dist/db/migrate.js');
  const audit = await import('../api/dist/modules/audit/service.js');
  const { sql } = await import('drizzle-orm');
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-bench-audit-'));
  const database = await openPglite(dataDir);
  try {
    await runMigrations(database);
    const { db } = database;
    const seedStart = performance.now();
    for (const statement of seedSql(rows)
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)) {
      await db.execute(sql.raw(statement));
    }
    console.log(
      `    seeded ${rows.toLocaleString('en-US')} rows in ${(performance.now() - seedStart) / 1000} s`,
    );
    const groupIds = await Promise.all([0, 7, 42, 99, 150].map((n) => groupId(db, sql, n)));
    const pick = (list, r) => list[r % list.length];
    const day = (daysAgo) => new Date(end - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const kinds = {
      'newest page': () => [{}, 0],
      'page 20 deep': () => [{}, 20 * pageSize],
      'one group': (r) => [{ groupId: pick(groupIds, r) }, 0],
      'one action': (r) => [{ action: pick(actions, r) }, 0],
      'one actor (e-mail)': (r) => [
        { actor: `admin-${(r * 37) % actors}@district${((r * 37) % actors) % groups}.test` },
        0,
      ],
      'a week': (r) => [{ from: day(7 + r * 3), to: day(r * 3) }, 0],
      'search "teacher-4217@"': (r) => [{ q: `teacher-${4217 + r}@` }, 0],
      'group + action + month': (r) => [
        { groupId: pick(groupIds, r), action: pick(actions, r), from: day(60), to: day(30) },
        0,
      ],
    };
    let ok = true;
    for (const [name, make] of Object.entries(kinds)) {
      const [warmFilter, warmOffset] = make(0);
      const warm = await audit.list(db, pageSize, warmOffset, warmFilter);
      const times = [];
      for (let r = 1; r <= requestsPerKind; r++) {
        const [filter, offset] = make(r);
        const t0 = performance.now();
        await audit.list(db, pageSize, offset, filter);
        times.push(performance.now() - t0);
      }
      const p95 = percentile(times, 95);
      const pass = p95 <= budgetMs;
      ok &&= pass;
      console.log(
        `    ${name.padEnd(24)} total ${String(warm.total).padStart(9)}  p50 ${ms(percentile(times, 50)).padStart(7)}  p95 ${ms(p95).padStart(7)}  ${verdict(pass)}`,
      );
    }
    console.log(
      `    every kind's p95 at ${rows.toLocaleString('en-US')} rows (budget <= ${budgetMs} ms) ${verdict(ok)}`,
    );
    return ok;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) process.exit((await benchAuditLog()) ? 0 : 1);
