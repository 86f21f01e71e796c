import { randomBytes } from 'node:crypto';
import type { Role } from '@pd/domain';
import { testPasswordHashCost } from '../config.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import type { SessionCache } from '../modules/auth/session/cache.js';
import { hashPassword } from '../modules/auth/crypto.js';
import { insertUser, updateUser } from '../modules/auth/store.js';
import { enrolMfa, mfaByDefault } from './mfa.js';

export interface BuildUserOptions {
  role?: Role;
  verified?: boolean;
  name?: string;
  email?: string;
  password?: string;
  /** The hash of `password` made earlier (`sharedPasswordHash`), to skip hashing it again. */
  passwordHash?: string;
  /** Two-step sign-in set up (decision 077); default: for the admin roles, who must have it. */
  mfa?: boolean;
}

export interface BuiltUser {
  user: UserRow;
  email: string;
  password: string;
}

export const uniqueEmail = (prefix = 'teacher'): string =>
  `${prefix}-${randomBytes(5).toString('hex')}@school.test`;

const sharedHashes = new Map<string, Promise<string>>();
/**
 * A real argon2id hash of `password` at the algorithm's lowest cost, made once per test worker: what
 * `buildUser` stores. The login verifies it as it verifies any stored hash (the cost is read from the
 * hash); only the time differs. Accounts made through the api get config.passwordHashCost, which
 * under NODE_ENV=test is this same lowest cost (production's is argon2's standard: config.test.ts).
 */
export function sharedPasswordHash(password: string): Promise<string> {
  let hash = sharedHashes.get(password);
  if (!hash) {
    hash = hashPassword(password, testPasswordHashCost);
    sharedHashes.set(password, hash);
  }
  return hash;
}

/** A user straight in the database (verified free teacher unless told otherwise). */
export async function buildUser(db: Db, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery staple';
  const user = await insertUser(
    db,
    {
      name: options.name ?? 'Test Teacher',
      email,
      // A real argon2id hash at the lowest cost: the login verifies it like any stored hash, in
      // milliseconds instead of the production cost's hundreds (config.test.ts tests that cost).
      passwordHash: options.passwordHash ?? (await sharedPasswordHash(password)),
      role: options.role ?? 'free',
      emailVerified: options.verified ?? true,
    },
    new Date(),
  );
  if (!user) throw new Error(`buildUser: ${email} exists`);
  if (options.mfa ?? mfaByDefault(options.role)) await enrolMfa(db, user);
  return { user, email, password };
}

/** Changes a user's role straight in the database (as an admin's action or a payment would). */
export async function setRole(
  app: { db: Db; sessionCache: SessionCache },
  userId: string,
  role: Role,
): Promise<void> {
  if (!(await updateUser(app.db, app.sessionCache, userId, { role }, new Date())))
    throw new Error(`setRole: no user ${userId}`);
}

/** `n` verified users sharing one password hash (`sharedPasswordHash`): for tests that need many accounts. */
export async function buildManyUsers(db: Db, n: number, prefix = 'member'): Promise<UserRow[]> {
  const passwordHash = await sharedPasswordHash('correct horse battery staple');
  const rows: UserRow[] = [];
  for (let i = 0; i < n; i++) {
    const user = await insertUser(
      db,
      { name: `Teacher ${i + 1}`, email: uniqueEmail(prefix), passwordHash, emailVerified: true },
      new Date(),
    );
    if (!user) throw new Error('buildManyUsers: e-mail taken');
    rows.push(user);
  }
  return rows;
}
