import { endpoints, RegisterRequest, type RegisterResponse } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

/** POST /api/auth/register (?invite={code} when given) -> {needsVerification}. */
export { RegisterRequest };

export type RegisterInput = z.output<typeof RegisterRequest>;

export function register(input: RegisterInput): Promise<RegisterResponse> {
  const { inviteCode, ...rest } = input;
  const body = { ...rest, marketing_opt_in: rest.marketingOptIn, ...(inviteCode ? { inviteCode } : {}) };
  return apiSend(endpoints.register, body, { query: { invite: inviteCode } });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
