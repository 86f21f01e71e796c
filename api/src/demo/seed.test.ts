import { roles } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { verifyPassword } from '../modules/auth/crypto.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createMemoryLogger } from '../test/logger.js';
import { demoPassword, seedDemoAccounts } from './seed.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('demo seed', () => {
  it('creates one verified account per role on an empty database, prints them, and only once', async () => {
    const logger = createMemoryLogger();
    expect(await seedDemoAccounts(testDb.database.db, logger, new Date())).toBe(true);
    const rows = await testDb.database.db.select().from(users);
    expect(rows.map((r) => r.role).sort()).toEqual([...roles].sort());
    expect(rows.every((r) => r.emailVerified)).toBe(true);
    expect(await verifyPassword(rows[0]!.passwordHash, demoPassword)).toBe(true);
    const printed = logger.entries.map((e) => e.message).join('\n');
    for (const row of rows) expect(printed).toContain(row.email);
    expect(printed).toContain(demoPassword);
    expect(await seedDemoAccounts(testDb.database.db, logger, new Date())).toBe(false);
  });
});
