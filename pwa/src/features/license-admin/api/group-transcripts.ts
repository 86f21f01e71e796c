import { endpoints, type GroupSchoolYearRequest } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { apiSend, urlOf } from '../../../lib/api-client';
import { deviceTimeZone } from './group-members';

/** Where 'Transcripts (CSV)' and 'Transcripts (PDFs, zip)' go: attachments, dates in the zone `tz`. */
export function groupTranscriptsUrl(
  groupId: string,
  kind: 'csv' | 'zip',
  timeZone: string | undefined = deviceTimeZone(),
): string {
  const endpoint =
    kind === 'csv' ? endpoints.licenseGroupTranscriptsCsv : endpoints.licenseGroupTranscriptsZip;
  return urlOf(endpoint, { params: { groupId }, query: { tz: timeZone } });
}

/** PATCH /api/license-groups/:groupId/school-year: the first day of the group's school year. */
export function useSaveGroupSchoolYear(groupId: string) {
  return useMutation({
    mutationFn: (body: GroupSchoolYearRequest) =>
      apiSend(endpoints.licenseGroupSchoolYear, body, { params: { groupId } }),
  });
}
