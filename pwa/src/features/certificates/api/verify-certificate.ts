import { endpoints, type CertificateVerifyResponse } from '@pd/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';

/** GET /api/certificates/verify/:id (public). A 404 is an answer (not valid), not a failure. */
export async function verifyCertificate(
  id: string,
  signal?: AbortSignal,
): Promise<CertificateVerifyResponse> {
  try {
    return await apiGet(endpoints.verifyCertificate, { params: { id }, signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return { valid: false, error: error.serverMessage ?? 'Not found' };
    }
    throw error;
  }
}

export function useCertificateVerification(id: string) {
  return useQuery({
    queryKey: certificateKeys.verify(id),
    queryFn: ({ signal }) => verifyCertificate(id, signal),
  });
}
