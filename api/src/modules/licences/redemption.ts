import { canTakeMember, errorCodes, licenceErrorCodes, licenceMessages, normaliseEmail } from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as audit from '../audit/service.js';
import { type Actor, assertUsableInvite, invalidInvite, type ServiceDeps } from './common.js';
import { hashInviteCode, isPlausibleInviteCode } from './invite-code.js';
import * as store from './store.js';

/** Redemption: a pending invitation becomes a seat. */

export interface Seat {
  groupId: string;
  groupName: string;
}

/**
 * Takes the seat of a pending invite for the account `join` names, inside `tx`: the group is
 * locked first, then the invite; the seat is checked against the members (the invite itself was
 * counted as pending). `wrongAddress` decides what an invite for another address answers; `join`
 * gives the id of the account taking the seat (a new one at sign-up, or the signed-in user's).
 */
export async function redeemInvite(
  tx: Db,
  deps: Pick<AppDeps, 'clock'>,
  code: string,
  email: string,
  wrongAddress: (inviteEmail: string) => AppError,
  join: () => Promise<string>,
): Promise<Seat> {
  if (!isPlausibleInviteCode(code)) throw invalidInvite();
  const found = await store.findInviteByHash(tx, hashInviteCode(code));
  if (!found) throw invalidInvite();
  const group = await store.lockGroup(tx, found.licenseGroupId);
  const invite = await store.lockInvite(tx, found.id);
  const now = deps.clock();
  if (!group || !invite) throw invalidInvite();
  assertUsableInvite(invite, group, now);
  if (invite.email !== normaliseEmail(email)) throw wrongAddress(invite.email);
  const used = await store.countMembers(tx, group.id);
  if (!canTakeMember({ total: group.licenseCount, used })) {
    throw new AppError(409, licenceMessages.groupFull, licenceErrorCodes.groupFull);
  }
  const userId = await join();
  if (!(await store.insertMembership(tx, userId, group.id, now))) {
    throw new AppError(409, licenceMessages.alreadyMember, errorCodes.conflict);
  }
  await store.updateInvite(tx, invite.id, { usedAt: now, usedBy: userId });
  // Issue 28 part 4: the acceptance is on the group's record (the teacher is the actor).
  await audit.record(
    tx,
    { id: userId, email: invite.email },
    {
      action: 'invite_accepted',
      target: { type: 'invite', id: invite.id, label: invite.email },
      groupId: group.id,
      after: { group: group.name },
    },
    now,
  );
  return { groupId: group.id, groupName: group.name };
}

/** A signed-in teacher accepts an invitation sent to their own address. */
export async function acceptInvite(deps: ServiceDeps, user: Actor, code: string): Promise<Seat> {
  return deps.db.transaction((tx) =>
    redeemInvite(
      tx,
      deps,
      code,
      user.email,
      (inviteEmail) =>
        new AppError(
          403,
          licenceMessages.inviteForOtherEmail(inviteEmail),
          licenceErrorCodes.inviteForOtherEmail,
        ),
      () => Promise.resolve(user.id),
    ),
  );
}
