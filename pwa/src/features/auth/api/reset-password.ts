import { endpoints, type OkResponse, ResetPasswordForm, ResetPasswordRequest } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

/** POST /api/auth/reset-password {token, newPassword}. The form validates with ResetPasswordForm. */
export { ResetPasswordForm, ResetPasswordRequest };

export function resetPassword(input: ResetPasswordRequest): Promise<OkResponse> {
  return apiSend(endpoints.resetPassword, input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
