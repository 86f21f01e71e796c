import { endpoints, type Invite, type SendInvitesResponse } from '@pd/domain';
import { apiSend } from '../../../lib/api-client';
import { useRefreshAfter } from './license-admin-keys';

/**
 * POST /api/invites: an invitation to each address (resend and revoke below). `confirmStaff`: the
 * admin confirmed inviting administrators' addresses (the api refuses them otherwise, 409).
 */
export function useSendInvites() {
  return useRefreshAfter(
    (input: { groupId: string; emails: string[]; confirmStaff?: boolean }): Promise<SendInvitesResponse> =>
      apiSend(endpoints.sendInvites, {
        license_group_id: input.groupId,
        emails: input.emails,
        ...(input.confirmStaff ? { confirm_staff: true } : {}),
      }),
  );
}

export function useResendInvite() {
  return useRefreshAfter((inviteId: string): Promise<Invite> =>
    apiSend(endpoints.resendInvite, {}, { params: { inviteId } }),
  );
}

export function useRevokeInvite() {
  return useRefreshAfter((inviteId: string): Promise<Invite> =>
    apiSend(endpoints.revokeInvite, {}, { params: { inviteId } }),
  );
}
