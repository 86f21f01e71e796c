import type { PublicUser } from '@pd/domain';
import type { UserRow } from '../../db/schema.js';

/** A cached user row (decision 012) is one frozen object for its lifetime: present it once. */
const presented = new WeakMap<UserRow, PublicUser>();

/** The only shape of a user that leaves the api: no hash, no internal columns. */
export function presentUser(user: UserRow): PublicUser {
  const known = Object.isFrozen(user) ? presented.get(user) : undefined;
  if (known) return known;
  const shown: PublicUser = Object.freeze({
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  });
  if (Object.isFrozen(user)) presented.set(user, shown);
  return shown;
}
