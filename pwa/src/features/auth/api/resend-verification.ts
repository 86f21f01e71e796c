import { ResendVerificationRequest } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { anyBody, apiSend } from '../../../lib/api-client';

/** POST /api/auth/resend-verification {email}. */
export { ResendVerificationRequest };

export function resendVerification(input: ResendVerificationRequest): Promise<unknown> {
  return apiSend('POST', '/api/auth/resend-verification', input, anyBody);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
