import {
  certificateFileName,
  endpoints,
  type CertificateVerifyResponse,
  type IssueCertificateResponse,
} from '@pd/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend, NetworkError, urlOf } from '../../lib/api-client';

export const certificateKeys = {
  all: ['certificates'] as const,
  exists: (courseSlug: string) => [...certificateKeys.all, 'exists', courseSlug] as const,
  verify: (id: string) => [...certificateKeys.all, 'verify', id] as const,
};

async function request(url: string, method: 'GET' | 'HEAD'): Promise<Response> {
  try {
    return await fetch(url, { method, credentials: 'include' });
  } catch (cause) {
    throw new NetworkError(cause);
  }
}

/** HEAD /api/certificates/:courseSlug/download: ok means a certificate exists (404: not yet). */
export async function certificateExists(courseSlug: string): Promise<boolean> {
  const res = await request(urlOf(endpoints.certificateExists, { params: { courseSlug } }), 'HEAD');
  if (res.ok) return true;
  if (res.status === 404) return false;
  throw new ApiError(res.status, res.statusText, '');
}

export function certificateExistsQuery(courseSlug: string) {
  return queryOptions({
    queryKey: certificateKeys.exists(courseSlug),
    queryFn: () => certificateExists(courseSlug),
  });
}

export function useCertificateExists(courseSlug: string, enabled: boolean) {
  return useQuery({ ...certificateExistsQuery(courseSlug), enabled });
}

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

/** GET /api/certificates/:courseSlug/download: the PDF. A non-OK answer throws 'Failed to download certificate'. */
export async function fetchCertificatePdf(courseSlug: string): Promise<Blob> {
  const res = await request(urlOf(endpoints.certificatePdf, { params: { courseSlug } }), 'GET');
  if (!res.ok) throw new Error('Failed to download certificate');
  return res.blob();
}

/** Saves a blob through the browser's download (as `certificate_<slug>.pdf`). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadCertificate(courseSlug: string): Promise<void> {
  const blob = await fetchCertificatePdf(courseSlug);
  saveBlob(blob, certificateFileName(courseSlug));
}

/** Like `useGenerateCertificate`, the outcome callbacks run at the mutation level: a per-call one is lost if the button is redrawn from scratch while the PDF downloads. */
export function useDownloadCertificate(
  courseSlug: string,
  callbacks: { onDownloaded?: () => void; onFailed?: () => void } = {},
) {
  return useMutation({
    mutationFn: () => downloadCertificate(courseSlug),
    onSuccess: () => callbacks.onDownloaded?.(),
    onError: () => callbacks.onFailed?.(),
  });
}

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
