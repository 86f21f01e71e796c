import { endpoints, ForgotPasswordRequest, type OkResponse } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

/** POST /api/auth/forgot-password {email}: the same answer whether the account exists or not. */
export { ForgotPasswordRequest };

export function forgotPassword(input: ForgotPasswordRequest): Promise<OkResponse> {
  return apiSend(endpoints.forgotPassword, input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
