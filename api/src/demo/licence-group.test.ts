import type { AdminLicenseGroup, GroupMember } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMfaForTest } from '../test/mfa.js';
import { startTestApp, testContent, type TestApp } from '../test/app.js';
import { mailboxFor, signIn } from '../test/auth-helpers.js';
import { createMemoryLogger } from '../test/logger.js';
import { seedDemoLicenceGroup } from './licence-group.js';
import { demoAdminEmails, demoPassword, seedDemoAccounts } from './seed.js';

const demoMfa = demoMfaForTest(demoAdminEmails);

let app: TestApp;
beforeAll(async () => {
  // As `npm start` runs it: the time-on-task rule at its default share (decision 075).
  app = await startTestApp({ env: { MODULE_MIN_TIME_SHARE: '0.3' } });
});
afterAll(() => app.close());

describe('demo licence group', () => {
  it('gives the demo license admin a 30-seat group with members who have progress and pending invitations', async () => {
    const logger = createMemoryLogger();
    expect(await seedDemoAccounts(app.db, logger, new Date(), demoMfa)).toBe(true);
    await seedDemoLicenceGroup({ ...app, clock: app.clock.now, content: await testContent() }, logger);
    const admin = app.client();
    expect((await signIn(admin, 'license-admin@demo.test', demoPassword)).status).toBe(200);
    const groups = await admin.get<AdminLicenseGroup[]>('/api/license-groups/me');
    const group = groups.body[0]!;
    expect(group).toMatchObject({
      license_count: 30,
      licenses_used: 4,
      // The two invitations and the roster import's two (issue 27: three of its five rows skipped).
      licenses_pending: 4,
      licenses_available: 22,
    });
    expect(group.invites.map((i) => i.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    const members = await admin.get<{ members: GroupMember[] }>(`/api/license-groups/${group.id}/members`);
    const zoe = members.body.members.find((m) => m.email === 'zoe@demo.test');
    expect(zoe?.progress.completedModules).toBe(9);
    // AI in Education's 78 minutes (issue 29's re-timing).
    expect(zoe?.pdHours).toBe(1.3);
    expect(members.body.members.find((m) => m.email === 'amira@demo.test')?.progress.lastActivity).toBeNull();
    // The invitations are real: their links are in the dev mailbox.
    const [mail] = await mailboxFor(app, 'new.hire@demo.test');
    expect(mail?.links[0]).toContain('/signup?invite=');
    // A demo member signs in and opens a premium course through the group.
    const member = app.client();
    expect((await signIn(member, 'zoe@demo.test', demoPassword)).status).toBe(200);
    expect((await member.get('/api/content/courses/prompt-engineering')).status).toBe(200);
  });
});
