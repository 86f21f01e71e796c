import { certificateFileName, endpoints } from '@pd/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, NetworkError, urlOf } from '../../../lib/api-client';
import { certificateKeys } from './certificate-keys';

/**
 * The certificate's PDF: does it exist (HEAD), and its download (GET, read as a blob). Calls the api
 * client's JSON requests do not make: they fetch here, failing with the client's errors.
 */
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
