import { isInvitePending } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { buildUser } from '../../test/factories.js';
import * as store from './store.js';

/**
 * The invite rule is written once in domain/ (`inviteStatus`, `isInvitePending`); the store's SQL
 * form of it (`pendingInviteSql`) must agree on every combination of used, revoked and expiry, or
 * the seats the page counts and the invites a send skips would differ from what redemption allows.
 */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('the pending-invite rule in SQL and in domain/', () => {
  it('agrees on every combination of used, revoked and expiry', async () => {
    const db = testDb.database.db;
    const { user: admin } = await buildUser(db, { role: 'license_admin' });
    const now = new Date('2026-11-20T12:00:00.000Z');
    const group = await store.insertGroup(
      db,
      { name: 'Rule School', purchaserId: admin.id, licenseCount: 50 },
      now,
    );
    const moments = {
      past: new Date(now.getTime() - 1),
      now,
      future: new Date(now.getTime() + 1),
    };
    const cases = [];
    for (const used of [false, true]) {
      for (const revoked of [false, true]) {
        for (const [expiry, expiresAt] of Object.entries(moments)) {
          const email = `rule-${used ? 'used' : 'unused'}-${revoked ? 'revoked' : 'live'}-${expiry}@school.test`;
          const [row] = await store.insertInvites(
            db,
            [{ licenseGroupId: group.id, email, codeHash: email, invitedBy: admin.id, expiresAt }],
            new Date(now.getTime() - 60_000),
          );
          const updated = await store.updateInvite(db, row!.id, {
            usedAt: used ? moments.past : null,
            revokedAt: revoked ? moments.past : null,
          });
          cases.push(updated);
        }
      }
    }
    const inSql = await store.pendingEmails(
      db,
      group.id,
      cases.map((c) => c.email),
      now,
    );
    const inDomain = new Set(cases.filter((c) => isInvitePending(c, now)).map((c) => c.email));
    expect([...inSql].sort()).toEqual([...inDomain].sort());
    // Only the unused, unrevoked invite that expires after `now` is pending.
    expect([...inDomain]).toEqual(['rule-unused-live-future@school.test']);
    const usage = await store.seatUsage(db, [group.id], now);
    expect(usage.get(group.id)).toEqual({ used: 0, pending: inDomain.size });
  });
});
