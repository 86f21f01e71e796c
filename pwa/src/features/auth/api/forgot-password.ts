import { ForgotPasswordRequest } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { anyBody, apiSend } from '../../../lib/api-client';

/** POST /api/auth/forgot-password {email}: the same answer whether the account exists or not. */
export { ForgotPasswordRequest };

export function forgotPassword(input: ForgotPasswordRequest): Promise<unknown> {
  return apiSend('POST', '/api/auth/forgot-password', input, anyBody);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
