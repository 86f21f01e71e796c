import {
  errorCodes,
  type InviteStatus,
  inviteStatus,
  licenceErrorCodes,
  licenceMessages,
  type LicenseGroupStatus,
  membershipState,
  type TermDate,
} from '@pd/domain';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';

/** What the licences module's jobs (groups, members, invitations, redemption) share. */

export type Parsed<T extends z.ZodType> = z.output<T>;
export type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'content' | 'sessionCache'>;
export type Actor = Pick<UserRow, 'id' | 'role' | 'name' | 'email'>;

export const groupNotFound = () => new AppError(404, licenceMessages.groupNotFound, errorCodes.notFound);
export const forbidden = (message: string) => new AppError(403, message, errorCodes.forbidden);

/**
 * An unknown or malformed code: 404. A code is 256 random bits, so telling a known code's state
 * (below) reveals nothing a guesser could use.
 */
export const invalidInvite = () =>
  new AppError(404, licenceMessages.invalidInviteCode, licenceErrorCodes.invalidInvite);

/**
 * Why a known invitation cannot be used, each with its own sentence and next step (issue 26): used
 * (sign in), revoked or expired (ask the licence admin; 410, it will not come back), its group
 * suspended (409, it may).
 */
export function unusableInvite(state: Exclude<InviteStatus, 'pending'> | 'suspended'): AppError {
  switch (state) {
    case 'used':
      return new AppError(410, licenceMessages.inviteUsed, licenceErrorCodes.inviteUsed);
    case 'revoked':
      return new AppError(410, licenceMessages.inviteRevoked, licenceErrorCodes.inviteRevoked);
    case 'expired':
      return new AppError(410, licenceMessages.inviteExpired, licenceErrorCodes.inviteExpired);
    case 'suspended':
      return new AppError(409, licenceMessages.groupSuspended, licenceErrorCodes.groupSuspended);
  }
}

/** A group as the term rule reads it (`membershipState` of the domain). */
export interface GroupTerm {
  status: LicenseGroupStatus;
  startsOn: TermDate | null;
  endsOn: TermDate | null;
}

/**
 * Throws the refusal of a group whose seat would not be live at `now` (issue 28: the domain's
 * `membershipState`): suspended (409 `GROUP_SUSPENDED`), its term ended (409 `GROUP_TERM_ENDED`,
 * with the day: a renewal brings it back) or not begun (409 `GROUP_TERM_NOT_STARTED`, with the day).
 * Joining such a group would take a seat that gives nothing, so no one is let in.
 */
export function assertGroupTakesMembers(group: GroupTerm, now: Date): void {
  switch (membershipState(group, now)) {
    case 'live':
      return;
    case 'suspended':
      throw unusableInvite('suspended');
    case 'ended':
      throw new AppError(
        409,
        licenceMessages.groupTermEnded(group.endsOn ?? ''),
        licenceErrorCodes.groupTermEnded,
      );
    case 'not_started':
      throw new AppError(
        409,
        licenceMessages.groupTermNotStarted(group.startsOn ?? ''),
        licenceErrorCodes.groupTermNotStarted,
      );
  }
}

/** Throws the refusal of an invite that is not pending at `now`, or of a group that takes no one. */
export function assertUsableInvite(
  invite: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  group: GroupTerm,
  now: Date,
): void {
  const status = inviteStatus(invite, now);
  if (status !== 'pending') throw unusableInvite(status);
  assertGroupTakesMembers(group, now);
}
