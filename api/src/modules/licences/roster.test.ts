import {
  type AdminLicenseGroup,
  type AuditListResponse,
  districtMessages,
  limits,
  parseRosterCsv,
  type RosterImportDetailResponse,
  type RosterImportListResponse,
  type RosterImportResponse,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { mailboxFor } from '../../test/auth-helpers.js';
import { buildUser, uniqueEmail } from '../../test/factories.js';
import type { Teacher } from '../../test/learning.js';
import { createGroup, myGroup, sendInvites, signedInAs } from '../../test/licences.js';
import { insertMembership } from './store.js';

/** Roster import (issue 27): the preview, the import in one transaction, its refusals and its history. */

let app: TestApp;
let superadmin: Teacher;

beforeAll(async () => {
  app = await startTestApp();
  superadmin = await signedInAs(app, 'superadmin');
});
afterAll(() => app.close());

/** A fresh licence admin with a group of `seats` seats (each test its own, so seat counts are its own). */
async function adminWithGroup(seats: number): Promise<{ admin: Teacher; groupId: string }> {
  const a = await signedInAs(app, 'license_admin', 'Dana Admin');
  const groupId = await createGroup(superadmin.client, a.user.id, 50, 'Springfield District');
  if (seats !== 50) {
    const res = await superadmin.client.request('PATCH', `/api/license-groups/${groupId}/license-count`, {
      json: { license_count: seats },
    });
    expect(res.status).toBe(200);
  }
  return { admin: a, groupId };
}

const roster = (client: Teacher['client'], groupId: string, rows: unknown[], dryRun: boolean) =>
  client.post<RosterImportResponse & { error?: string }>(`/api/license-groups/${groupId}/roster`, {
    rows,
    dryRun,
  });

describe('the CSV reader (domain)', () => {
  it('reads headers in any order and case, ; or , and a byte order mark', () => {
    const parsed = parseRosterCsv(
      '\uFEFFSchool;LAST NAME;E-mail;First Name\r\nLincoln;Ng;a@d.org;Ana\r\n\r\n"Oak; Hill";O\'Neil;b@d.org;"Bo ""B"""\n',
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, email: 'a@d.org', firstName: 'Ana', lastName: 'Ng', school: 'Lincoln' },
        { line: 4, email: 'b@d.org', firstName: 'Bo "B"', lastName: "O'Neil", school: 'Oak; Hill' },
      ],
    });
  });

  it('reads rows without a header as email, first name, last name, school', () => {
    expect(parseRosterCsv('a@d.org,Ana\nb@d.org')).toEqual({
      ok: true,
      rows: [
        { line: 1, email: 'a@d.org', firstName: 'Ana' },
        { line: 2, email: 'b@d.org' },
      ],
    });
  });

  it('refuses a header without an e-mail column, an empty file and more than 2,000 rows', () => {
    expect(parseRosterCsv('name,school\nAna,Lincoln')).toEqual({
      ok: false,
      error: districtMessages.rosterNoEmailColumn,
    });
    expect(parseRosterCsv('\n\n')).toEqual({ ok: false, error: districtMessages.rosterEmpty });
    const big = Array.from({ length: limits.maxRosterRows + 1 }, (_, i) => `t${i}@d.org`).join('\n');
    expect(parseRosterCsv(big)).toEqual({
      ok: false,
      error: districtMessages.rosterTooMany(limits.maxRosterRows + 1),
    });
  });
});

describe('POST /api/license-groups/{id}/roster', () => {
  it('previews every row with its reason and the seats it needs, and changes nothing', async () => {
    const { admin, groupId } = await adminWithGroup(50);
    const member = await buildUser(app.db);
    await insertMembership(app.db, member.user.id, groupId, new Date());
    const pending = uniqueEmail('pending');
    expect((await sendInvites(admin.client, groupId, [pending])).status).toBe(201);
    const fresh = [uniqueEmail('new'), uniqueEmail('new')];
    const rows = [
      { email: fresh[0], firstName: 'Ana' },
      { email: member.email },
      { email: pending.toUpperCase() },
      { email: ` ${fresh[0]!.toUpperCase()} ` },
      { email: 'not an address' },
      { email: admin.email },
      { email: fresh[1], school: 'Lincoln' },
    ];
    const before = await myGroup(admin.client);
    const res = await roster(admin.client, groupId, rows, true);
    expect(res.status).toBe(200);
    expect(res.body.dry_run).toBe(true);
    expect(res.body.import_id).toBeNull();
    expect(res.body.summary).toEqual({
      rows: 7,
      to_invite: 2,
      skipped: 5,
      seats_needed: 2,
      seats_available: before.licenses_available,
      refusal: null,
    });
    expect(res.body.results.map((r) => [r.row, r.outcome, r.reason])).toEqual([
      [1, 'invite', null],
      [2, 'skipped', districtMessages.skipMember],
      [3, 'skipped', districtMessages.skipPending],
      [4, 'skipped', districtMessages.skipDuplicate(1)],
      [5, 'skipped', districtMessages.skipNotEmail],
      [6, 'skipped', districtMessages.skipOwnAddress],
      [7, 'invite', null],
    ]);
    const after = await myGroup(admin.client);
    expect(after.invites).toHaveLength(before.invites.length);
    expect(await mailboxFor(app, fresh[0]!)).toHaveLength(0);
  });

  it('imports in one go: one invitation and one e-mail per row to invite, progress and results kept', async () => {
    const { admin, groupId } = await adminWithGroup(50);
    const emails = Array.from({ length: 25 }, () => uniqueEmail('roster'));
    const rows = [...emails.map((email) => ({ email, lastName: 'Ng' })), { email: emails[0] }];
    const res = await roster(admin.client, groupId, rows, false);
    expect(res.status).toBe(201);
    expect(res.body.import_id).toEqual(expect.any(String));
    expect(res.body.summary.to_invite).toBe(25);
    expect(res.body.results.filter((r) => r.outcome === 'invited')).toHaveLength(25);
    const group: AdminLicenseGroup = await myGroup(admin.client);
    expect(group.licenses_pending).toBe(25);
    for (const email of emails.slice(0, 3)) expect(await mailboxFor(app, email)).toHaveLength(1);
    // The page's history after a reload: the import, its e-mails' progress, each row's result.
    const list = await admin.client.get<RosterImportListResponse>(
      `/api/license-groups/${groupId}/roster-imports`,
    );
    expect(list.body).toEqual([
      expect.objectContaining({
        id: res.body.import_id,
        rows: 26,
        invited: 25,
        skipped: 1,
        progress: { sending: 0, sent: 25, not_delivered: 0 },
      }),
    ]);
    const detail = await admin.client.get<RosterImportDetailResponse>(
      `/api/license-groups/${groupId}/roster-imports/${res.body.import_id}`,
    );
    expect(detail.body.results[0]).toMatchObject({
      row: 1,
      email: emails[0],
      outcome: 'invited',
      invite_status: 'pending',
      delivery: { status: 'sent' },
    });
    expect(detail.body.results[25]).toMatchObject({
      row: 26,
      outcome: 'skipped',
      reason: districtMessages.skipDuplicate(1),
    });
    // The audit log has the import (counts, not addresses).
    const audit = await superadmin.client.get<AuditListResponse>('/api/admin/audit');
    expect(
      audit.body.entries.find((e) => e.action === 'roster_imported' && e.targetId === groupId),
    ).toMatchObject({
      after: { rows: 26, invited: 25, skipped: 1 },
    });
  });

  it("skips administrators' addresses (a super admin's, another licence admin's) with their own reason, as the invite form asks first", async () => {
    const { admin, groupId } = await adminWithGroup(50);
    const otherAdmin = await buildUser(app.db, { role: 'license_admin' });
    const teacher = uniqueEmail('teacher');
    const rows = [{ email: teacher }, { email: superadmin.email.toUpperCase() }, { email: otherAdmin.email }];
    const preview = await roster(admin.client, groupId, rows, true);
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toMatchObject({ rows: 3, to_invite: 1, skipped: 2, seats_needed: 1 });
    expect(preview.body.results.map((r) => [r.row, r.outcome, r.reason])).toEqual([
      [1, 'invite', null],
      [2, 'skipped', districtMessages.skipAdministrator],
      [3, 'skipped', districtMessages.skipAdministrator],
    ]);

    const res = await roster(admin.client, groupId, rows, false);
    expect(res.status).toBe(201);
    expect(res.body.results.map((r) => r.outcome)).toEqual(['invited', 'skipped', 'skipped']);
    expect((await myGroup(admin.client)).invites.map((i) => i.email)).toEqual([teacher]);
    expect(await mailboxFor(app, otherAdmin.email)).toHaveLength(0);
    expect(await mailboxFor(app, superadmin.email)).toEqual([]);
    // A roster of administrators alone invites nobody (400), as any roster with nothing to send.
    const only = await roster(admin.client, groupId, rows.slice(1), false);
    expect(only.status).toBe(400);
    expect(only.body.error).toBe(districtMessages.rosterNothingToInvite);
  });

  it('refuses a roster with more rows to invite than free seats, whole, naming the numbers', async () => {
    const { admin, groupId } = await adminWithGroup(10);
    const rows = Array.from({ length: 12 }, () => ({ email: uniqueEmail('over') }));
    const preview = await roster(admin.client, groupId, rows, true);
    expect(preview.status).toBe(200);
    expect(preview.body.summary.refusal).toBe(districtMessages.rosterNotEnoughSeats(12, 10));
    const res = await roster(admin.client, groupId, rows, false);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(districtMessages.rosterNotEnoughSeats(12, 10));
    expect((await myGroup(admin.client)).invites).toHaveLength(0);
    expect(await mailboxFor(app, rows[0]!.email)).toHaveLength(0);
  });

  it('answers bad input with a 400 naming the row, and changes nothing', async () => {
    const { admin, groupId } = await adminWithGroup(50);
    const ok = { email: uniqueEmail('ok') };
    const cases: [unknown[], string][] = [
      [[ok, { firstName: 'Ana' }], districtMessages.rosterRow(2, districtMessages.rosterEmailMissing)],
      [
        [ok, ok, { email: 'a@b.org', lastName: 'x'.repeat(limits.nameMax + 1) }],
        districtMessages.rosterRow(3, districtMessages.rosterFieldTooLong('last name', limits.nameMax)),
      ],
      [[ok, 'a@b.org'], districtMessages.rosterRow(2, districtMessages.rosterRowShape)],
      [[], districtMessages.rosterEmpty],
      [
        Array.from({ length: limits.maxRosterRows + 1 }, () => ok),
        districtMessages.rosterTooMany(limits.maxRosterRows + 1),
      ],
    ];
    for (const [rows, error] of cases) {
      const res = await roster(admin.client, groupId, rows, false);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await myGroup(admin.client)).invites).toHaveLength(0);
  });

  it("answers 404 for another admin's group and 403 for a teacher", async () => {
    const { groupId } = await adminWithGroup(50);
    const other = await signedInAs(app, 'license_admin');
    expect((await roster(other.client, groupId, [{ email: uniqueEmail() }], true)).status).toBe(404);
    const teacher = await signedInAs(app, 'free');
    expect((await roster(teacher.client, groupId, [{ email: uniqueEmail() }], true)).status).toBe(403);
  });
});

describe('the body of a 2,000-row roster (issue 27)', () => {
  it('is read whole though it is past the 100 kB of other calls; past 1 MB it is refused, naming the limit', async () => {
    const { admin, groupId } = await adminWithGroup(50);
    const rows = Array.from({ length: limits.maxRosterRows }, (_, i) => ({
      email: `teacher.number-${i}@springfield-unified.k12.district.org`,
      firstName: `Firstname${i}`,
      lastName: `Lastname-of-teacher-${i}`,
      school: `Springfield Elementary School number ${i % 40}`,
    }));
    expect(JSON.stringify({ rows, dryRun: true }).length).toBeGreaterThan(250 * 1024);
    const preview = await roster(admin.client, groupId, rows, true);
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toMatchObject({
      rows: limits.maxRosterRows,
      to_invite: limits.maxRosterRows,
      refusal: districtMessages.rosterNotEnoughSeats(limits.maxRosterRows, 50),
    });

    const huge = await admin.client.post<{ error: string }>(`/api/license-groups/${groupId}/roster`, {
      rows: rows.slice(0, 1),
      dryRun: true,
      padding: 'x'.repeat(1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'The request body is too large (limit 1024 kB).' });
    // Every other call keeps its 100 kB.
    const invites = await admin.client.post<{ error: string }>('/api/invites', {
      license_group_id: groupId,
      emails: ['ana@district.org'],
      padding: 'x'.repeat(150 * 1024),
    });
    expect(invites.status).toBe(413);
    expect(invites.body).toEqual({ error: 'The request body is too large (limit 100 kB).' });
  });
});
