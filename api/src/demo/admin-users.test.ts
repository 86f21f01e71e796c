import type { AdminUserListResponse } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMfaForTest } from '../test/mfa.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { signIn } from '../test/auth-helpers.js';
import { createMemoryLogger } from '../test/logger.js';
import { seedDemoDashboardUsers } from './admin-users.js';
import { demoAdminEmails, demoPassword, seedDemoAccounts } from './seed.js';

const demoMfa = demoMfaForTest(demoAdminEmails);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('demo data of the Super Admin Dashboard', () => {
  it('gives the demo superadmin unverified sign-ups to verify and a second license admin', async () => {
    expect(await seedDemoAccounts(app.db, createMemoryLogger(), new Date(), demoMfa)).toBe(true);
    await seedDemoDashboardUsers(app.db, new Date());
    const admin = app.client();
    expect((await signIn(admin, 'superadmin@demo.test', demoPassword)).status).toBe(200);
    const unverified = await admin.get<AdminUserListResponse>('/api/admin/users?verified=no');
    expect(unverified.body.users.map((u) => u.email).sort()).toEqual(['ben@demo.test', 'uma@demo.test']);
    const admins = await admin.get<AdminUserListResponse>('/api/admin/users?role=license_admin');
    expect(admins.body.total).toBe(2);
  });
});
