import type { LicenceMembership } from '@pd/domain';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { Viewer } from './policy.js';
import * as store from './store.js';

/**
 * Who may open premium content (courses, prompts, templates, certificates): the one module the
 * others ask. It reads the user's role and the licence seat they hold, and imports no other module,
 * so any module may depend on it without a loop (docs/ARCHITECTURE.md, "The api's modules").
 */

/** The user's licence seat (any group status: the rule decides what a suspended group gives). */
export function membershipOf(deps: Pick<AppDeps, 'db'>, userId: string): Promise<LicenceMembership | null> {
  return store.membershipOf(deps.db, userId);
}

/** Who is asking, as the access rules read it: role and licence seat; null when signed out. */
export async function viewerOf(
  deps: Pick<AppDeps, 'db'>,
  user: Pick<UserRow, 'id' | 'role'> | null,
): Promise<Viewer> {
  if (!user) return null;
  return { role: user.role, licence: await store.membershipOf(deps.db, user.id) };
}
