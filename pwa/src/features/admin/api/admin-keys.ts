import { type AdminUserSort, type Role } from '@pd/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The Super Admin Dashboard's calls (issue 14), one file per group in this folder. Online-only
 * data: nothing is kept on the device. Successful changes refresh the dashboard's lists (spec
 * section 7).
 */

export interface UserFilter {
  search: string;
  role: Role | '';
  verified: 'yes' | 'no' | '';
  /** Issue 28: a licence group's id, or '' for everyone. */
  group?: string;
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

/** A change of the dashboard: on success every admin list is fetched again (the audit log too). */
export function useAdminChange<V, R>(mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
