import { endpoints, type TranscriptSettingsRequest } from '@pd/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiSend, urlOf } from '../../../lib/api-client';

/** The transcript's query keys. */
export const transcriptKeys = {
  all: ['transcript'] as const,
  mine: (timeZone: string) => [...transcriptKeys.all, 'mine', timeZone] as const,
  verify: (id: string) => [...transcriptKeys.all, 'verify', id] as const,
};

/** The device's IANA time zone ('Europe/Paris'); UTC where the browser does not say. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** GET /api/transcript: the signed-in teacher's transcript, its dates in the device's zone. */
export function useTranscript(timeZone = deviceTimeZone()) {
  return useQuery({
    queryKey: transcriptKeys.mine(timeZone),
    queryFn: ({ signal }) => apiGet(endpoints.transcript, { query: { tz: timeZone }, signal }),
  });
}

/** Where 'Download PDF' goes (the api answers the PDF as an attachment). */
export function transcriptPdfUrl(timeZone = deviceTimeZone()): string {
  return urlOf(endpoints.transcript, { query: { format: 'pdf', tz: timeZone } });
}

/** PATCH /api/transcript/settings: the teacher's first day of the school year (null: the group's). */
export function useSaveSchoolYearStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TranscriptSettingsRequest) => apiSend(endpoints.transcriptSettings, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transcriptKeys.all }),
  });
}

/** GET /api/transcripts/:id (public). A 404 is an answer (not valid), not a failure. */
export function useTranscriptVerification(id: string) {
  return useQuery({
    queryKey: transcriptKeys.verify(id),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet(endpoints.verifyTranscript, { params: { id }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          return { valid: false as const, error: error.serverMessage ?? 'Not found' };
        }
        throw error;
      }
    },
  });
}
