import { randomBytes } from 'node:crypto';
import type { Role } from '@pd/domain';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { hashPassword } from '../modules/auth/crypto.js';
import type { SessionCache } from '../modules/auth/session/cache.js';
import { insertUser, updateUser } from '../modules/auth/store.js';

export interface BuildUserOptions {
  role?: Role;
  verified?: boolean;
  name?: string;
  email?: string;
  password?: string;
}

export interface BuiltUser {
  user: UserRow;
  email: string;
  password: string;
}

export const uniqueEmail = (prefix = 'teacher'): string =>
  `${prefix}-${randomBytes(5).toString('hex')}@school.test`;

/** A user straight in the database (verified free teacher unless told otherwise). */
export async function buildUser(db: Db, options: BuildUserOptions = {}): Promise<BuiltUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery staple';
  const user = await insertUser(
    db,
    {
      name: options.name ?? 'Test Teacher',
      email,
      passwordHash: await hashPassword(password),
      role: options.role ?? 'free',
      emailVerified: options.verified ?? true,
    },
    new Date(),
  );
  if (!user) throw new Error(`buildUser: ${email} exists`);
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

let sharedHash: Promise<string> | undefined;
/** `n` verified users sharing one password hash (hashing is slow): for tests that need many accounts. */
export async function buildManyUsers(db: Db, n: number, prefix = 'member'): Promise<UserRow[]> {
  sharedHash ??= hashPassword('correct horse battery staple');
  const passwordHash = await sharedHash;
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
