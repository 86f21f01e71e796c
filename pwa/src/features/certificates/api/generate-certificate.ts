import { endpoints, type IssueCertificateResponse } from '@pd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';

/** POST /api/certificates/:courseSlug (empty JSON): issues the certificate, or returns the one issued before. */
export function generateCertificate(courseSlug: string): Promise<IssueCertificateResponse> {
  return apiSend(endpoints.issueCertificate, {}, { params: { courseSlug } });
}

/**
 * The outcome callbacks run at the mutation level, not per `mutate` call: issuing the certificate
 * swaps the Generate button for Download, and per-call callbacks do not fire once their caller is gone.
 */
export function useGenerateCertificate(
  courseSlug: string,
  callbacks: { onGenerated?: () => void; onFailed?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateCertificate(courseSlug),
    onSuccess: () => {
      callbacks.onGenerated?.();
      queryClient.setQueryData(certificateKeys.exists(courseSlug), true);
    },
    onError: () => callbacks.onFailed?.(),
  });
}
