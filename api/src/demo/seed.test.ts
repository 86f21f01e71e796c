import { roles } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMfa, users } from '../db/schema.js';
import { verifyPassword } from '../modules/auth/crypto.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createMemoryLogger } from '../test/logger.js';
import { demoMfaForTest } from '../test/mfa.js';
import { demoAdminEmails, demoPassword, seedDemoAccounts } from './seed.js';

const demoMfa = demoMfaForTest(demoAdminEmails);

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('demo seed', () => {
  it('creates one verified account per role on an empty database, prints them, and only once', async () => {
    const logger = createMemoryLogger();
    expect(await seedDemoAccounts(testDb.database.db, logger, new Date(), demoMfa)).toBe(true);
    const rows = await testDb.database.db.select().from(users);
    expect(rows.map((r) => r.role).sort()).toEqual([...roles].sort());
    expect(rows.every((r) => r.emailVerified)).toBe(true);
    expect(await verifyPassword(rows[0]!.passwordHash, demoPassword)).toBe(true);
    const printed = logger.entries.map((e) => e.message).join('\n');
    for (const row of rows) expect(printed).toContain(row.email);
    expect(printed).toContain(demoPassword);
    // Decision 077: the admins have two-step sign-in with the printed key; the teachers do not.
    expect(printed).toContain(demoMfa.secret);
    expect(printed).toContain(`otpauth://totp/`);
    expect(printed).toContain('npm run demo:code');
    const withMfa = await testDb.database.db.select({ userId: userMfa.userId }).from(userMfa);
    const adminIds = rows
      .filter((r) => r.role === 'superadmin' || r.role === 'license_admin')
      .map((r) => r.id);
    expect(withMfa.map((r) => r.userId).sort()).toEqual(adminIds.sort());
    expect(await seedDemoAccounts(testDb.database.db, logger, new Date(), demoMfa)).toBe(false);
  });
});
