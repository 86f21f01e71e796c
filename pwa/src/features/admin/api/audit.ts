import { type AuditListResponse, endpoints } from '@pd/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/audit: a page of the activity log, newest first. */
export const useAudit = (page: number, pageSize: number) =>
  useQuery({
    queryKey: adminKeys.audit(page, pageSize),
    queryFn: ({ signal }): Promise<AuditListResponse> =>
      apiGet(endpoints.adminAudit, {
        signal,
        query: { limit: String(pageSize), offset: String(page * pageSize) },
      }),
    placeholderData: keepPreviousData,
  });
