import {
  type AddGroupAdminRequest,
  type AuditListResponse,
  endpoints,
  type GroupAdminListResponse,
  type GroupTermRequest,
  type TransferGroupRequest,
} from '@pd/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ActivityFilter, activityQuery } from '../../../components/activity-table';
import { apiGet, apiSend, urlOf } from '../../../lib/api-client';
import { licenseAdminKeys, useRefreshAfter } from './license-admin-keys';

/**
 * Who manages what and the group's activity (issue 28, parts 1 and 4): the super admin's view of
 * one group, the co-admins, the term, the group's audit entries. Online only.
 */

/** GET /api/license-groups/{id}: one group as its page reads it (the super admin opens any). */
export const useOneGroup = (userId: string, groupId: string | null) =>
  useQuery({
    queryKey: [...licenseAdminKeys.all, userId, 'group', groupId] as const,
    queryFn: ({ signal }) => apiGet(endpoints.licenseGroup, { params: { groupId: groupId! }, signal }),
    enabled: Boolean(groupId),
  });

export const useGroupAudit = (
  userId: string,
  groupId: string,
  page: number,
  pageSize: number,
  filter: ActivityFilter,
) =>
  useQuery({
    queryKey: [...licenseAdminKeys.all, userId, 'audit', groupId, page, pageSize, filter] as const,
    queryFn: ({ signal }): Promise<AuditListResponse> =>
      apiGet(endpoints.groupAudit, {
        params: { groupId },
        query: activityQuery(filter, page, pageSize),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function groupAuditCsvUrl(groupId: string, filter: ActivityFilter): string {
  const { limit: _limit, offset: _offset, ...query } = activityQuery(filter, 0, 1);
  return urlOf(endpoints.groupAuditCsv, { params: { groupId }, query });
}

export function useAddGroupAdmin() {
  return useRefreshAfter(
    (input: { groupId: string; body: AddGroupAdminRequest }): Promise<GroupAdminListResponse> =>
      apiSend(endpoints.addGroupAdmin, input.body, { params: { groupId: input.groupId } }),
  );
}

export function useRemoveGroupAdmin() {
  return useRefreshAfter((input: { groupId: string; userId: string }): Promise<GroupAdminListResponse> =>
    apiSend(endpoints.removeGroupAdmin, {}, { params: input }),
  );
}

export function useSetGroupTerm() {
  return useRefreshAfter((input: { groupId: string; body: GroupTermRequest }) =>
    apiSend(endpoints.setGroupTerm, input.body, { params: { groupId: input.groupId } }),
  );
}

/** PATCH /api/license-groups/{id}/purchaser (the super admin): the group to another licence admin. */
export function useTransferGroup() {
  return useRefreshAfter((input: { groupId: string; body: TransferGroupRequest }) =>
    apiSend(endpoints.transferGroup, input.body, { params: { groupId: input.groupId } }),
  );
}
