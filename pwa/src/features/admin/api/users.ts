import { type AdminUserListResponse, endpoints, type Role } from '@pd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { adminKeys, useAdminChange, type UserFilter } from './admin-keys';

/** GET /api/admin/users: a page of the user list, searched, filtered and sorted by the server. */
export function usersQueryOptions(filter: UserFilter) {
  return queryOptions({
    queryKey: adminKeys.users(filter),
    queryFn: ({ signal }): Promise<AdminUserListResponse> =>
      apiGet(endpoints.adminUsers, {
        signal,
        query: {
          search: filter.search.trim() || undefined,
          role: filter.role || undefined,
          verified: filter.verified || undefined,
          group: filter.group || undefined,
          sort: filter.sort,
          limit: String(filter.pageSize),
          offset: String(filter.page * filter.pageSize),
        },
      }),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export const useUsers = (filter: UserFilter) => useQuery(usersQueryOptions(filter));

export const useUpdateRole = () =>
  useAdminChange((input: { userId: string; role: Role }) =>
    apiSend(endpoints.updateUserRole, { role: input.role }, { params: { userId: input.userId } }),
  );

export const useVerifyEmail = () =>
  useAdminChange((userId: string) => apiSend(endpoints.verifyUserEmail, {}, { params: { userId } }));

/** A lost phone and lost recovery codes (decision 077): the user's two-step sign-in starts over. */
export const useResetMfa = () =>
  useAdminChange((userId: string) => apiSend(endpoints.resetUserMfa, {}, { params: { userId } }));

export const useDeleteUser = () =>
  useAdminChange((userId: string) => apiSend(endpoints.deleteUser, {}, { params: { userId } }));
