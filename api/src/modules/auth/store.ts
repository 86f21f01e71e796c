import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Role } from '@pd/domain';
import type { Db } from '../../db/client.js';
import {
  emailTokens,
  mfaRecoveryCodes,
  mfaSignInAttempts,
  sessions,
  userMfa,
  type UserMfaRow,
  users,
  type UserRow,
} from '../../db/schema.js';
import type { SessionCache } from './session/cache.js';

export type TokenPurpose = 'verification' | 'password_reset';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role?: Role;
  emailVerified?: boolean;
  marketingOptIn?: boolean;
  inviteCode?: string | null;
}

/**
 * The auth module is the only writer of `users` (and of `sessions`): every write below invalidates
 * the app's session micro-cache (decision 012) right after it. A new user is not in the cache yet.
 */

/** Inserts the user, or returns null when the e-mail is taken (no race: ON CONFLICT). */
export async function insertUser(db: Db, user: NewUser, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...user, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

/** A write through a transaction is not committed when the store returns (see session/cache.ts). */
const inTransaction = (db: Db) => db instanceof PgTransaction;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The signed-in user of a request, served from the session micro-cache for up to 2 s (decision
 * 012). Every write to a user below invalidates it in this process. The row is frozen: copy it to change it.
 */
export async function findSessionUser(db: Db, cache: SessionCache, id: string): Promise<UserRow | null> {
  const cached = cache.getUser(id);
  if (cached) return cached;
  const ticket = cache.ticket();
  const row = await findUserById(db, id);
  if (row) cache.putUser(id, row, ticket);
  return row;
}

export async function markEmailVerified(
  db: Db,
  cache: SessionCache,
  userId: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
  cache.invalidateUser(userId, inTransaction(db));
}

export async function updatePasswordHash(
  db: Db,
  cache: SessionCache,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  cache.invalidateUser(userId, inTransaction(db));
}

export async function updateUser(
  db: Db,
  cache: SessionCache,
  userId: string,
  patch: Partial<NewUser>,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  cache.invalidateUser(userId, inTransaction(db));
  return row ?? null;
}

/** Deletes the account; its sessions, tokens and progress go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, cache: SessionCache, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  cache.invalidateUser(userId, inTransaction(db));
  return rows.length > 0;
}

export async function insertToken(
  db: Db,
  token: { tokenHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.insert(emailTokens).values({ ...token, createdAt: now });
}

/**
 * Consumes a token atomically: one UPDATE ... WHERE used_at IS NULL AND expires_at > now
 * RETURNING. Of two parallel uses exactly one gets the row. Answers the user id, or null.
 */
export async function consumeToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** After a reset, other outstanding links of the same purpose stop working. */
export async function revokeTokens(db: Db, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** Every session of a user ends (password reset; later role change and account deletion). */
export async function endAllSessionsOfUser(db: Db, cache: SessionCache, userId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.idHash });
  // Drops every cached session of the user, whichever ids they have.
  cache.invalidateUser(userId, inTransaction(db));
  return rows.length;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

/** The user's role, with the row locked until the transaction ends. */
export async function lockUserRole(db: Db, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return row?.role ?? null;
}

export async function setUserRole(
  db: Db,
  cache: SessionCache,
  userId: string,
  role: Role,
  now: Date,
): Promise<void> {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
  cache.invalidateUser(userId, inTransaction(db));
}

/** The user's row, locked until the transaction ends (an admin's change of it, issue 14). */
export async function lockUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row ?? null;
}

/**
 * The ids of every superadmin, their rows locked until the transaction ends: two admins demoting
 * each other at once cannot leave none (the second waits, then counts again).
 */
export async function lockSuperadmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------------------------------------
// Two-step sign-in (decision 077).

/** The user's confirmed TOTP secret (still encrypted) and last accepted step; null when none. */
export async function findMfa(db: Db, userId: string): Promise<UserMfaRow | null> {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return row ?? null;
}

/** The same, locked until the transaction ends: two requests with one code cannot both pass. */
export async function lockMfa(db: Db, userId: string): Promise<UserMfaRow | null> {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).for('update').limit(1);
  return row ?? null;
}

/** Sets (or replaces) the secret and the ten recovery codes' hashes, in the caller's transaction. */
export async function saveMfa(
  db: Db,
  userId: string,
  secretEncrypted: string,
  timeStep: number | null,
  recoveryCodeHashes: string[],
  now: Date,
): Promise<void> {
  await db
    .insert(userMfa)
    .values({ userId, secretEncrypted, lastTimeStep: timeStep, enabledAt: now })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { secretEncrypted, lastTimeStep: timeStep, enabledAt: now },
    });
  await replaceRecoveryCodes(db, userId, recoveryCodeHashes);
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (codeHashes.length > 0)
    await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Records the step of an accepted code; only a later step can pass next time. */
export async function setMfaTimeStep(db: Db, userId: string, timeStep: number): Promise<void> {
  await db.update(userMfa).set({ lastTimeStep: timeStep }).where(eq(userMfa.userId, userId));
}

/** Uses up an unused recovery code; false when it is not one (or was used before). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: mfaRecoveryCodes.userId });
  return used.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Turns two-step sign-in off: the secret and every recovery code go. */
export async function deleteMfa(db: Db, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(userMfa).where(eq(userMfa.userId, userId));
}

/**
 * A half-done sign-in's count of codes tried (decision 092), from zero; rows of sign-ins that ended
 * go at the same time.
 */
export async function startSignInAttempts(db: Db, id: string, userId: string, expiresAt: Date, now: Date) {
  await db.delete(mfaSignInAttempts).where(lt(mfaSignInAttempts.expiresAt, now));
  await db.insert(mfaSignInAttempts).values({ id, userId, expiresAt }).onConflictDoNothing();
}

/**
 * Takes one of the half-done sign-in's tries, in one atomic update: the number of this try (1 to
 * `max`), or null when all are taken or the sign-in is unknown. Parallel requests get distinct
 * numbers, so no more than `max` codes are ever checked.
 */
export async function takeSignInAttempt(db: Db, id: string, max: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(mfaSignInAttempts)
    .set({ tries: sql`${mfaSignInAttempts.tries} + 1` })
    .where(
      and(
        eq(mfaSignInAttempts.id, id),
        lt(mfaSignInAttempts.tries, max),
        gt(mfaSignInAttempts.expiresAt, now),
      ),
    )
    .returning({ tries: mfaSignInAttempts.tries });
  return row ? row.tries : null;
}

/** Gives a try back (a right code, or a request refused before its code was judged). */
export async function returnSignInAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(mfaSignInAttempts)
    .set({ tries: sql`greatest(${mfaSignInAttempts.tries} - 1, 0)` })
    .where(eq(mfaSignInAttempts.id, id));
}

/** The half-done sign-in ended (signed in, or locked out): its count goes. */
export async function endSignInAttempts(db: Db, id: string): Promise<void> {
  await db.delete(mfaSignInAttempts).where(eq(mfaSignInAttempts.id, id));
}
