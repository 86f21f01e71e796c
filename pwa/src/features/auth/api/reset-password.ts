import { ResetPasswordForm, ResetPasswordRequest } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { anyBody, apiSend } from '../../../lib/api-client';

/** POST /api/auth/reset-password {token, newPassword}. The form validates with ResetPasswordForm. */
export { ResetPasswordForm, ResetPasswordRequest };

export function resetPassword(input: ResetPasswordRequest): Promise<unknown> {
  return apiSend('POST', '/api/auth/reset-password', input, anyBody);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
