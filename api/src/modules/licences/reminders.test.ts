import type { AdminLicenseGroup } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { uniqueEmail } from '../../test/factories.js';
import type { Teacher } from '../../test/learning.js';
import { createGroup, inviteCodeIn, myGroup, sendInvites, signedInAs } from '../../test/licences.js';
import { remindPendingInvites } from './reminders.js';

/** Reminders of pending invitations and their delivery (issue 27), over a real SMTP server. */

let app: TestApp;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await startTestApp({ smtp: true });
});
afterAll(() => app.close());

/** A licence admin and group made now (sessions of admins are short: each test signs in afresh). */
async function adminWithGroup(): Promise<{ admin: Teacher; groupId: string }> {
  const superadmin = await signedInAs(app, 'superadmin');
  const admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  return { admin, groupId: await createGroup(superadmin.client, admin.user.id, 30, 'Springfield District') };
}

const deps = () => ({
  db: app.db,
  clock: app.clock.now,
  config: app.config,
  mailer: app.mailer,
  logger: { info() {}, warn() {}, error() {}, debug() {} },
});
const mailsTo = (email: string) => app.smtp!.received.filter((m) => m.to === email);
const linkIn = (text: string) => inviteCodeIn(text.match(/https?:\/\/\S+/g) ?? []);

describe('invitation reminders', () => {
  it('on day 3 and day 10, once each even with two instances running at once; every link keeps working', async () => {
    const { admin, groupId } = await adminWithGroup();
    const email = uniqueEmail('remind');
    const sent = await sendInvites(admin.client, groupId, [email]);
    expect(sent.status).toBe(201);
    await app.mailer.idle();
    expect(mailsTo(email)).toHaveLength(1);
    const expiryDate = new Date(sent.invites[0]!.expires_at).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });

    app.clock.advance(2 * day);
    expect(await remindPendingInvites(deps())).toBe(0);

    app.clock.advance(1 * day);
    // Two instances' housekeeping at the same moment: one claim, one e-mail.
    const [a, b] = await Promise.all([remindPendingInvites(deps()), remindPendingInvites(deps())]);
    expect(a + b).toBe(1);
    await app.mailer.idle();
    expect(mailsTo(email)).toHaveLength(2);
    // Day 3's wording: its own e-mail, not the invitation again; the expiry date; earlier links still work.
    const first = mailsTo(email)[1]!;
    expect(first.subject).toBe('Reminder: your invitation to Springfield District on AI Classroom Academy');
    expect(first.text).toContain('A few days ago Dana Admin invited you to join Springfield District');
    expect(first.text).toContain(`The invitation is for ${email} and expires on ${expiryDate}`);
    expect(first.text).toContain('the link of an earlier e-mail works too');
    expect(await remindPendingInvites(deps())).toBe(0);

    app.clock.advance(7 * day);
    const [c, d] = await Promise.all([remindPendingInvites(deps()), remindPendingInvites(deps())]);
    expect(c + d).toBe(1);
    app.clock.advance(1 * day);
    expect(await remindPendingInvites(deps())).toBe(0);
    await app.mailer.idle();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(3);
    // Day 10's wording: the last one, with the days left (the invitation expires on day 14).
    expect(mails[2]!.subject).toBe(
      `Last reminder: your invitation to Springfield District expires on ${expiryDate}`,
    );
    expect(mails[2]!.text).toContain(`expires in 4 days, on ${expiryDate}`);
    expect(mails[2]!.text).toContain(`After ${expiryDate}, ask Dana Admin to invite you again.`);
    // The three links are three codes, and each still opens the invitation (decision 082).
    const codes = mails.map((m) => linkIn(m.text));
    expect(new Set(codes).size).toBe(3);
    for (const code of codes)
      expect((await app.client().get(`/api/invites/${encodeURIComponent(code)}`)).status).toBe(200);
  });

  it('none once the licence admin turns them off for the group, and none for a used or revoked invitation', async () => {
    const { admin, groupId } = await adminWithGroup();
    const email = uniqueEmail('quiet');
    const revoked = uniqueEmail('revoked');
    const sent = await sendInvites(admin.client, groupId, [email, revoked]);
    const off = await admin.client.request<{ invite_reminders: boolean }>(
      'PATCH',
      `/api/license-groups/${groupId}/invite-reminders`,
      {
        json: { enabled: false },
      },
    );
    expect(off.status).toBe(200);
    expect(off.body.invite_reminders).toBe(false);
    expect((await myGroup(admin.client)).invite_reminders).toBe(false);
    const revokedId = sent.invites.find((i) => i.email === revoked)!.id;
    expect((await admin.client.post(`/api/invites/${revokedId}/revoke`, {})).status).toBe(200);
    const bad = await admin.client.request<{ error: string }>(
      'PATCH',
      `/api/license-groups/${groupId}/invite-reminders`,
      { json: { enabled: 'no' } },
    );
    expect(bad.status).toBe(400);
    app.clock.advance(4 * day);
    await remindPendingInvites(deps());
    await app.mailer.idle();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(revoked)).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('a send the mail server refuses shows "not delivered" with the reason, at once (no retries)', async () => {
    const { admin, groupId } = await adminWithGroup();
    const blocked = uniqueEmail('blocked');
    const fine = uniqueEmail('fine');
    app.smtp!.refuse(blocked, '550 5.7.1 Recipient address rejected: district policy');
    expect((await sendInvites(admin.client, groupId, [blocked, fine])).status).toBe(201);
    await app.mailer.idle();
    const group: AdminLicenseGroup = await myGroup(admin.client);
    const of = (email: string) => group.invites.find((i) => i.email === email)!;
    expect(of(fine).delivery).toEqual({ status: 'sent', error: null });
    expect(of(blocked).delivery).toMatchObject({
      status: 'not_delivered',
      error: expect.stringContaining('district policy'),
    });
  });

  it('tells the licence admin the sender address and domain to allow', async () => {
    const { admin } = await adminWithGroup();
    const res = await admin.client.get('/api/license-groups/delivery-help');
    expect(res.body).toEqual({ sender_address: 'no-reply@school.test', sender_domain: 'school.test' });
    const teacher = await signedInAs(app, 'free');
    expect((await teacher.client.get('/api/license-groups/delivery-help')).status).toBe(403);
  });
});
