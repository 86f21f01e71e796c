import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../clock.js';
import { sessions } from '../../../db/schema.js';
import { buildUser } from '../../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { sha256 } from '../crypto.js';
import { endAllSessionsOfUser } from '../store.js';
import { SessionCache } from './cache.js';
import { createSessionStore, newSessionIdKey } from './store.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('session store', () => {
  it('stores only the SHA-256 of the id, and an ended session cannot be brought back by a late save', async () => {
    const db = testDb.database.db;
    const cache = new SessionCache();
    const store = createSessionStore(db, systemClock, cache);
    const { user } = await buildUser(db);
    const id = 'a-random-session-id';
    const fresh = { ctx: { state: { [newSessionIdKey]: id } } };
    await store.set(id, { userId: user.id }, 60_000, fresh);
    const rows = await db.select().from(sessions);
    expect(rows.map((r) => r.idHash)).toEqual([sha256(id)]);
    // A session saved without lifetimes (one from before them) reads as a teacher's from its row's creation.
    expect(await store.get(id)).toMatchObject({ userId: user.id, idleMs: 14 * 24 * 3600_000 });

    expect(await endAllSessionsOfUser(db, cache, user.id)).toBe(1);
    // A request that loaded the session before the reset saves it afterwards: nothing comes back.
    await store.set(id, { userId: user.id, renewed: true }, 60_000, { ctx: { state: {} } });
    expect(await store.get(id)).toBeUndefined();
  });
});
