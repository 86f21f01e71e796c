import { endpoints, RegisterRequest, type RegisterResponse } from '@pd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '../../../lib/api-client';
import { firstTouchAttribution } from '../../../offline/attribution';
import { meKeys } from '../../../offline/get-me';
import { inviteKeys } from './get-invite';

/** POST /api/auth/register (?invite={code} when given) -> {needsVerification}. */
export { RegisterRequest };

export type RegisterInput = z.output<typeof RegisterRequest>;

export function register(input: RegisterInput): Promise<RegisterResponse> {
  const { inviteCode, ...rest } = input;
  // Issue 15: the device's first-touch attribution is kept on the new account (decision 043).
  const attribution = firstTouchAttribution();
  const body = {
    ...rest,
    marketing_opt_in: rest.marketingOptIn,
    ...(inviteCode ? { inviteCode } : {}),
    ...(attribution ? { attribution } : {}),
  };
  return apiSend(endpoints.register, body, { query: { invite: inviteCode } });
}

/**
 * An account active at sign-up (an invitation, issue 18) is signed in by the api: the previous
 * visitor's cached data is dropped and the user asked for again. The invitation's lookup is left to
 * the sign-up page, which stops it before dropping it (issue 26): dropped here, while the page still
 * shows it, it would be asked for again and answer 410 (used).
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async ({ needsVerification }) => {
      if (needsVerification) return;
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] !== meKeys.all[0] && q.queryKey[0] !== inviteKeys.all[0],
      });
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}
