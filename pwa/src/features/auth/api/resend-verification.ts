import { endpoints, type OkResponse, ResendVerificationRequest } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

/** POST /api/auth/resend-verification {email}. */
export { ResendVerificationRequest };

export function resendVerification(input: ResendVerificationRequest): Promise<OkResponse> {
  return apiSend(endpoints.resendVerification, input);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
