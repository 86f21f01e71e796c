import { type AuditListResponse, endpoints } from '@pd/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ActivityFilter, activityQuery } from '../../../components/activity-table';
import { apiGet, urlOf } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/audit: a page of the activity log, newest first, with the tab's filters (issue 28). */
export const useAudit = (page: number, pageSize: number, filter: ActivityFilter) =>
  useQuery({
    queryKey: [...adminKeys.audit(page, pageSize), filter] as const,
    queryFn: ({ signal }): Promise<AuditListResponse> =>
      apiGet(endpoints.adminAudit, { signal, query: activityQuery(filter, page, pageSize) }),
    placeholderData: keepPreviousData,
  });

/** Where 'Export CSV' goes: every entry the filter matches (GET /api/admin/audit.csv). */
export function auditCsvUrl(filter: ActivityFilter): string {
  const { limit: _limit, offset: _offset, ...query } = activityQuery(filter, 0, 1);
  return urlOf(endpoints.adminAuditCsv, { query });
}
