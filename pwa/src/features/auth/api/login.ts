import { endpoints, LoginRequest, type LoginResponse } from '@pd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { awaitingSecondStep, signedIn } from './mfa';

/**
 * POST /api/auth/login -> the user (or 403 {error: 'EMAIL_NOT_VERIFIED'}), or `{mfa}` when a
 * two-step sign-in's code (or, for an admin, its setup) comes next (decision 077).
 */
export { LoginRequest };

export function login(input: LoginRequest): Promise<LoginResponse> {
  return apiSend(endpoints.login, input);
}

/** On a finished sign-in the cached data of the previous visitor is dropped and the user is refreshed. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('mfa' in answer) awaitingSecondStep(queryClient);
      else signedIn(queryClient, answer);
    },
  });
}
