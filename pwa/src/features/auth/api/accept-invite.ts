import { type AcceptInviteResponse, endpoints } from '@pd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

/** POST /api/invites/accept {code}: a signed-in teacher takes the seat of an invitation to their address. */
export function acceptInvite(code: string): Promise<AcceptInviteResponse> {
  return apiSend(endpoints.acceptInvite, { code });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    // The seat changes what the user may open: everything but the used invitation is asked for again.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'invites' }),
  });
}
