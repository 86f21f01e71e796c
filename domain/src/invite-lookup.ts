import { z } from 'zod';

/** Answer of GET /api/invites/{code} (spec section 7): the invited e-mail and the group's name. */
export const InviteLookupResponse = z.object({
  email: z.string(),
  license_group_name: z.string(),
});
export type InviteLookupResponse = z.infer<typeof InviteLookupResponse>;

/** The spec's invite-validation messages (section 8). */
export const inviteMessages = {
  invalidInviteCode: 'Invalid invite code',
  validateFailed: 'Failed to validate invite code',
  invalidInvitation: 'Invalid Invitation',
  invalidInvitationText: 'This invitation link is not valid or has expired.',
  validInvitation: 'Valid Invitation',
  premiumAccess: 'Premium Access',
  emailLocked: 'Email pre-filled from your invitation and cannot be changed',
  // Issue 26: the title of each kind of unusable invitation (the api's message says why and what next).
  usedInvitation: 'Invitation Already Used',
  revokedInvitation: 'Invitation Withdrawn',
  expiredInvitation: 'Invitation Expired',
  suspendedGroup: 'License Group Suspended',
  // Issue 28: a group outside its term takes no one in.
  termEndedGroup: 'License Term Ended',
  termNotStartedGroup: 'License Term Not Started',
  freeAccountInstead: 'You can still create a free account below.',
} as const;
