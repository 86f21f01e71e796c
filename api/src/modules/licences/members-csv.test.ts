import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDeps } from './common.js';
import { startTestApp, type TestApp, testContent } from '../../test/app.js';
import type { Teacher } from '../../test/learning.js';
import { createGroup, signedInAs } from '../../test/licences.js';
import { memberCertificates } from './member-certificates.js';
import { groupMemberPages, groupMembers, membersCsvPageSize } from './members.js';
import { membersCsv } from './present.js';

// The members CSV streamed a page at a time (issue 31 item 5): the same file as the one written
// whole, and a client that leaves half-way leaves the api healthy.

let app: TestApp;
let admin: Teacher;
let groupId: string;
const members = 2_600; // Eleven pages and a part.
beforeAll(async () => {
  app = await startTestApp();
  const superadmin = await signedInAs(app, 'superadmin');
  admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  groupId = await createGroup(superadmin.client, admin.user.id, 10, 'Stream School');
  // Names a spreadsheet could misread, accents, and a name shared by many (ordered by id then).
  const names = [
    'Ann "Quote"',
    'Comma, Carl',
    '=SUM(A1)',
    'Zoë Ünal',
    'Same Name',
    'Lee; -1',
    'Line\nBreak',
    'bo',
  ];
  const courses = (await testContent()).courses.filter((c) => !c.isComingSoon).slice(0, 6);
  const member = sql.raw(`md5('${groupId}' || i)::uuid`);
  await app.db.execute(sql`UPDATE license_groups SET license_count = ${members} WHERE id = ${groupId}`);
  await app.db.execute(sql`
    INSERT INTO users (id, name, email, password_hash, email_verified, created_at)
      SELECT ${member}, (ARRAY[${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[])[1 + i % ${names.length}] || CASE WHEN i % 3 = 0 THEN '' ELSE ' ' || i END,
             'stream-' || i || '@example.test', 'not-a-password-hash', i % 7 <> 0, now() - (i || ' minutes')::interval
        FROM generate_series(1, ${members}) i`);
  await app.db.execute(sql`
    INSERT INTO license_memberships (user_id, license_group_id, joined_at)
      SELECT ${member}, ${groupId}, now() - (i || ' minutes')::interval FROM generate_series(1, ${members}) i`);
  for (const [ord, course] of courses.entries()) {
    await app.db.execute(sql`
      INSERT INTO progress (user_id, course_slug, module_id, completed, best_score, answers, first_completed_at, updated_at)
        SELECT ${member}, ${course.slug}, m, true, 100, '[]'::jsonb, now(), now() - ((i % 900) || ' minutes')::interval
          FROM generate_series(1, ${members}) i
          CROSS JOIN LATERAL generate_series(1, (i * 7 + ${ord} * 3) % ${course.modules.length + 1}) m`);
  }
}, 120_000);
afterAll(() => app.close());

/** The licence services' dependencies, as the app gives them, for calls made beside the HTTP ones. */
const serviceDeps = async (): Promise<ServiceDeps> => ({
  db: app.db,
  clock: app.clock.now,
  config: app.config,
  content: await testContent(),
  mailer: app.mailer,
  sessionCache: app.sessionCache,
});

const csvPath = () => `/api/license-groups/${groupId}/members.csv?tz=America/Chicago`;

describe('GET /api/license-groups/{id}/members.csv, streamed', () => {
  it('is the same file as the whole one: header, order, escaping; sent in chunks, not with a length', async () => {
    expect(members).toBeGreaterThan(10 * membersCsvPageSize);
    const res = await admin.client.get(csvPath());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');

    const deps = await serviceDeps();
    const whole = await groupMembers(deps, admin.user, groupId);
    const expected = membersCsv(whole.members, {
      courses: whole.courses,
      timeZone: 'America/Chicago',
      certificates: await memberCertificates(deps, whole.members),
    });
    expect(whole.members).toHaveLength(members);
    expect(res.text).toBe(expected);
    // What the comparison covers: quoting, a defused formula, a line break inside a cell.
    expect(res.text).toContain('"Ann ""Quote"""');
    expect(res.text).toContain("'=SUM(A1)");
    expect(res.text).toContain('"Line\nBreak');
  });

  it('a client that leaves half-way leaves the api healthy: no error, the next download whole', async () => {
    const url = new URL(csvPath(), app.url);
    const cookie = [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const received = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(url, { headers: { cookie } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          req.destroy();
          resolve(chunk.length);
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    expect(received).toBeGreaterThan(0);
    expect((await app.client().get('/api/health')).status).toBe(200);
    const again = await admin.client.get(csvPath());
    expect(again.status).toBe(200);
    expect(again.text.trim().split('\r\n').length).toBeGreaterThan(members);
    expect(app.logs.filter((l) => l.level === 'error' || l.level === 'warn')).toEqual([]);
  });

  it('a member who leaves mid-download is not written; nobody twice, nobody out of order', async () => {
    const deps = await serviceDeps();
    const { pages } = await groupMemberPages(deps, admin.user, groupId, 1000);
    const first = await pages.next();
    expect(first.done).toBe(false);
    const seen = (first.value as { id: string }[]).map((m) => m.id);
    expect(seen).toHaveLength(1000);
    // The member who would open the second page leaves the group now.
    const whole = await groupMembers(deps, admin.user, groupId);
    const leaver = whole.members[1000]!;
    await app.db.execute(
      sql`DELETE FROM license_memberships WHERE user_id = ${leaver.id} AND license_group_id = ${groupId}`,
    );
    for await (const page of pages) seen.push(...page.map((m) => m.id));
    expect(seen).not.toContain(leaver.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(whole.members.map((m) => m.id).filter((id) => id !== leaver.id));
    await app.db.execute(
      sql`INSERT INTO license_memberships (user_id, license_group_id, joined_at) VALUES (${leaver.id}, ${groupId}, now())`,
    );
  });
});
