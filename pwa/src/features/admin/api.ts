import {
  type AdminUserListResponse,
  type AdminUserSort,
  type AuditListResponse,
  type CreateLicenseGroupResponse,
  endpoints,
  type LicenseGroup,
  type Role,
} from '@pd/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, errorMessage } from '../../lib/api-client';

/**
 * The Super Admin Dashboard's calls (issue 14). Online-only data: nothing is kept on the device.
 * Successful changes refresh the dashboard's lists (spec section 7).
 */

export interface UserFilter {
  search: string;
  role: Role | '';
  verified: 'yes' | 'no' | '';
  sort: AdminUserSort;
  page: number;
  pageSize: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  users: (filter: UserFilter) => [...adminKeys.all, 'users', filter] as const,
  groups: () => [...adminKeys.all, 'license-groups'] as const,
  audit: (page: number, pageSize: number) => [...adminKeys.all, 'audit', page, pageSize] as const,
};

/** The server's message, or the spec's fallback when its body carries none (section 8). */
export const messageOr = (error: unknown, fallback: string): string => errorMessage(error) ?? fallback;

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

export const useLicenseGroups = () =>
  useQuery({
    queryKey: adminKeys.groups(),
    queryFn: ({ signal }): Promise<LicenseGroup[]> => apiGet(endpoints.licenseGroups, { signal }),
  });

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

/** A change of the dashboard: on success every admin list is fetched again (the audit log too). */
function useAdminChange<V, R>(mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

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

export const useUpdateLicenseCount = () =>
  useAdminChange((input: { groupId: string; licenseCount: number }) =>
    apiSend(
      endpoints.updateLicenseCount,
      { license_count: input.licenseCount },
      { params: { groupId: input.groupId } },
    ),
  );

export const useCreateLicenseGroup = () =>
  useAdminChange(
    (input: {
      name: string;
      purchaserId: string;
      licenseCount: number;
    }): Promise<CreateLicenseGroupResponse> =>
      apiSend(endpoints.createLicenseGroup, {
        name: input.name,
        purchaser_id: input.purchaserId,
        license_count: input.licenseCount,
      }),
  );
