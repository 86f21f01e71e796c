import { buildUser } from '../test/render';
import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allowUserDb,
  deleteUserDb,
  emptyProgress,
  isUserDbDeleted,
  readUserDb,
  userDb,
  userDbName,
  UserDbDeletedError,
} from './db';
import { cachedProfile, rememberProfile } from './profile';

let count = 0;
const freshId = () => `db-guard-${++count}`;
const exists = async (userId: string) => (await Dexie.getDatabaseNames()).includes(userDbName(userId));

afterEach(() => localStorage.clear());

describe('userDb after the sign-out deleted it', () => {
  it('is not opened (nor made again) until the teacher signs in again', async () => {
    const id = freshId();
    await userDb(id).progress.put(emptyProgress('ai-in-education'));
    expect(await exists(id)).toBe(true);

    await deleteUserDb(id);
    expect(isUserDbDeleted(id)).toBe(true);
    expect(() => userDb(id)).toThrow(UserDbDeletedError);
    // A live query still mounted reads its fallback instead of bringing the database back.
    expect(await readUserDb(id, (db) => db.progress.toArray(), [])).toEqual([]);
    expect(await exists(id)).toBe(false);

    allowUserDb(id);
    expect(await userDb(id).progress.count()).toBe(0);
    expect(await exists(id)).toBe(true);
    await deleteUserDb(id);
  });

  it('keeps a live query that re-runs during the sign-out from reopening the database', async () => {
    const id = freshId();
    await userDb(id).progress.put(emptyProgress('ai-in-education'));
    const seen: number[] = [];
    const subscription = liveQuery(() => readUserDb(id, (db) => db.progress.count(), -1)).subscribe({
      next: (n) => seen.push(n),
    });
    await expect.poll(() => seen.at(-1)).toBe(1);
    await deleteUserDb(id);
    // Give the live query time to re-run, as a mounted screen's would.
    await new Promise((resolve) => setTimeout(resolve, 50));
    subscription.unsubscribe();
    expect(await exists(id)).toBe(false);
  });

  it('is allowed again when the server answers GET /api/auth/me with that teacher', async () => {
    const id = freshId();
    await deleteUserDb(id);
    await rememberProfile(buildUser({ id }));
    expect(isUserDbDeleted(id)).toBe(false);
    expect((await cachedProfile())?.id).toBe(id);
    await deleteUserDb(id);
  });

  it('is not allowed again by an answer that crossed a sign-out still being told to the server', async () => {
    const id = freshId();
    await deleteUserDb(id);
    localStorage.setItem('pd-logout-pending', '1');
    await rememberProfile(buildUser({ id }));
    expect(isUserDbDeleted(id)).toBe(true);
    expect(await exists(id)).toBe(false);
  });
});
