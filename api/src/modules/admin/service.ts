import { adminMessages, type AdminUserQuery, errorCodes, type Role } from '@pd/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import * as audit from '../audit/service.js';
import * as auth from '../auth/service.js';
import { groupsPurchasedBy } from '../licences/groups.js';
import { canAdminister, isOwnAccount } from './policy.js';
import * as store from './store.js';

/**
 * The Super Admin Dashboard (issue 14). Every change runs in one transaction with the target's row
 * locked and writes its audit row in that same transaction; `users` is written by the auth module.
 */

type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mailer' | 'sessionCache'>;
type Actor = Pick<UserRow, 'id' | 'role' | 'email'>;
type Parsed<T extends z.ZodType> = z.output<T>;

export const forbidden = () => new AppError(403, adminMessages.onlySuperadmins, errorCodes.forbidden);
export const notFound = () => new AppError(404, adminMessages.userNotFound, errorCodes.notFound);
export const conflict = (message: string) => new AppError(409, message, errorCodes.conflict);

/** The superadmin check and the target's id; one's own account is refused with a message. */
export function authorise(actor: Actor, userId: string): void {
  if (!canAdminister(actor)) throw forbidden();
  if (isOwnAccount(actor, userId))
    throw new AppError(400, adminMessages.notOwnAccount, errorCodes.validation);
  if (!isUuid(userId)) throw notFound();
}

/**
 * Locks the superadmins (always in the same order), then the target: no two changes deadlock. The
 * actor's role as it stands under the lock decides: a superadmin demoted while this request was on
 * its way (another admin’s change a moment earlier) no longer acts as one (403).
 */
export async function lockActorAndTarget(
  tx: Db,
  actor: Actor,
  userId: string,
): Promise<{ superadmins: string[]; user: UserRow }> {
  const superadmins = await auth.lockSuperadmins(tx);
  if (!superadmins.includes(actor.id)) throw forbidden();
  const user = await auth.lockUser(tx, userId);
  if (!user) throw notFound();
  return { superadmins, user };
}

export async function listUsers(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: Parsed<typeof AdminUserQuery>,
) {
  if (!canAdminister(actor)) throw forbidden();
  // Case and accents are folded by the database, the same way as its search indexes (decision 081).
  return store.listUsers(deps.db, {
    search: query.search ? query.search : undefined,
    role: query.role,
    verified: query.verified === undefined ? undefined : query.verified === 'yes',
    groupId: query.group,
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  });
}

export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  limit: number,
  offset: number,
  filter: audit.AuditFilter = {},
) {
  if (!canAdminister(actor)) throw forbidden();
  return audit.list(deps.db, limit, offset, filter);
}

/** Every entry the filter matches, for the CSV export (superadmin only). */
export function auditExport(deps: Pick<AppDeps, 'db'>, actor: Actor, filter: audit.AuditFilter) {
  if (!canAdminister(actor)) throw forbidden();
  return audit.allEntries(deps.db, filter);
}

/**
 * Sets a user's role: never one's own, never the last superadmin away, never a license admin who
 * still purchases a group (hand it over first). Every session of the user ends.
 */
export async function changeRole(deps: ServiceDeps, actor: Actor, userId: string, role: Role): Promise<void> {
  authorise(actor, userId);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const { superadmins, user } = await lockActorAndTarget(tx, actor, userId);
    const changed = await auth.setRoleByAdmin(
      deps,
      tx,
      userId,
      role,
      async (before) => {
        if (before === role) return;
        if (before === 'superadmin' && superadmins.length <= 1) throw conflict(adminMessages.lastSuperadmin);
        if (before === 'license_admin') {
          const groups = await groupsPurchasedBy(tx, userId);
          if (groups.length > 0) throw conflict(adminMessages.purchaserOfGroups(groups));
        }
      },
      now,
    );
    if (!changed) throw notFound();
    if (changed.before === changed.after) return;
    await audit.record(
      tx,
      actor,
      {
        action: 'role_changed',
        target: { type: 'user', id: user.id, label: user.email },
        before: { role: changed.before },
        after: { role: changed.after },
      },
      now,
    );
  });
}

/** Marks an unverified address verified (the admin vouches for it). */
export async function verifyEmail(deps: ServiceDeps, actor: Actor, userId: string): Promise<void> {
  authorise(actor, userId);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const user = await auth.lockUser(tx, userId);
    if (!user) throw notFound();
    if (user.emailVerified) throw conflict(adminMessages.alreadyVerified);
    await auth.verifyEmailByAdmin(deps, tx, userId, now);
    await audit.record(
      tx,
      actor,
      {
        action: 'email_verified',
        target: { type: 'user', id: user.id, label: user.email },
        before: { emailVerified: false },
        after: { emailVerified: true },
      },
      now,
    );
  });
}

/**
 * Resets a user's two-step sign-in (decision 077): a lost phone and lost recovery codes. The secret
 * and codes go and every session of the user ends; an admin sets it up again at the next sign-in.
 */
export async function resetMfa(deps: ServiceDeps, actor: Actor, userId: string): Promise<void> {
  authorise(actor, userId);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const user = await auth.lockUser(tx, userId);
    if (!user) throw notFound();
    if (!(await auth.resetMfaByAdmin(deps, tx, userId))) throw conflict(adminMessages.mfaNotOn);
    await audit.record(
      tx,
      actor,
      {
        action: 'mfa_reset',
        target: { type: 'user', id: user.id, label: user.email },
        before: { mfaEnabled: true },
        after: { mfaEnabled: false },
      },
      now,
    );
  });
}
