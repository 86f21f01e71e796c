import { adminMessages } from '@pd/domain';
import type { UserRow } from '../db/schema.js';
import type { AppDeps } from '../deps.js';
import { authorise, conflict, lockActorAndTarget, notFound } from '../modules/admin/service.js';
import * as audit from '../modules/audit/service.js';
import * as auth from '../modules/auth/service.js';
import { groupsPurchasedBy } from '../modules/licences/groups.js';
import { forgetInvitee } from '../modules/licences/invitations.js';
import { releaseSeatOf } from '../modules/licences/members.js';
import { cancelSubscriptionsOf } from '../modules/payments/service.js';

type Actor = Pick<UserRow, 'id' | 'role' | 'email'>;

/**
 * A super admin deletes an account for good (DELETE /api/admin/users/{userId}): its subscription is
 * cancelled at the provider first (or nothing happens and the admin is told), then in one
 * transaction its seat is freed, its invitations go, its sessions end, its personal data goes
 * (name, e-mail, progress, tokens, mail) and the audit log keeps only ids. Certificates stay
 * verifiable by their id with the name printed on them. A purchaser of licence groups is refused
 * (the groups would lose their admin).
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mailer' | 'sessionCache'>,
  actor: Actor,
  userId: string,
): Promise<void> {
  authorise(actor, userId);
  const target = await auth.findUser(deps, userId);
  if (!target) throw notFound();
  const purchased = await groupsPurchasedBy(deps.db, userId);
  if (purchased.length > 0) throw conflict(adminMessages.purchaserOfGroups(purchased));
  await cancelSubscriptionsOf(deps, userId, adminMessages.subscriptionCancelFailed);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const { superadmins, user } = await lockActorAndTarget(tx, actor, userId);
    if (user.role === 'superadmin' && superadmins.length <= 1) throw conflict(adminMessages.lastSuperadmin);
    const groups = await groupsPurchasedBy(tx, userId);
    if (groups.length > 0) throw conflict(adminMessages.purchaserOfGroups(groups));
    await releaseSeatOf(tx, userId);
    await forgetInvitee(tx, user.email);
    await audit.forgetPerson(tx, user);
    if (!(await auth.deleteAccount(deps, tx, user))) throw notFound();
    await audit.record(
      tx,
      actor,
      {
        action: 'user_deleted',
        target: { type: 'user', id: user.id, label: audit.deletedUserLabel },
        before: { role: user.role, emailVerified: user.emailVerified },
        after: null,
      },
      now,
    );
  });
}
