import { isMembershipLive, type LicenceMembership } from '@pd/domain';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { Viewer } from './policy.js';
import * as store from './store.js';

/**
 * Who may open premium content (courses, prompts, templates, certificates): the one module the
 * others ask. It reads the user's role and the licence seat they hold, and imports no other module,
 * so any module may depend on it without a loop (docs/ARCHITECTURE.md, "The api's modules").
 */

/** The database, and the api's clock (callers that pass the whole deps do; else the time now). */
type AccessDeps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'clock'>>;

/**
 * The user's licence seat (any group status), with `live`: the domain's `isMembershipLive` (the
 * group active and inside its term, issue 28) at the api's clock. Every premium decision reads it
 * (`hasPremiumAccess`), so premium through a seat is decided here, once.
 */
export async function membershipOf(deps: AccessDeps, userId: string): Promise<LicenceMembership | null> {
  const seat = await store.seatOf(deps.db, userId);
  if (!seat) return null;
  return {
    groupId: seat.groupId,
    groupName: seat.groupName,
    groupStatus: seat.groupStatus,
    live: isMembershipLive(
      { status: seat.groupStatus, startsOn: seat.startsOn, endsOn: seat.endsOn },
      deps.clock ? deps.clock() : new Date(),
    ),
    endsOn: seat.endsOn,
  };
}

/** The id of the group whose seat the user holds, or null (an account's deletion frees it). */
export async function seatGroupOf(deps: Pick<AppDeps, 'db'>, userId: string): Promise<string | null> {
  return (await store.seatOf(deps.db, userId))?.groupId ?? null;
}

/** Who is asking, as the access rules read it: role and licence seat; null when signed out. */
export async function viewerOf(deps: AccessDeps, user: Pick<UserRow, 'id' | 'role'> | null): Promise<Viewer> {
  if (!user) return null;
  return { role: user.role, licence: await membershipOf(deps, user.id) };
}
