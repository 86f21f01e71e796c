import type { PublicUser } from '@pd/domain';
import type { UserRow } from '../../db/schema.js';

/** The only shape of a user that leaves the api: no hash, no internal columns. */
export function presentUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}
