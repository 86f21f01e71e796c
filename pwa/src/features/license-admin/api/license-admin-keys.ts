import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Hierarchical query keys of the License Management page's calls, by licence admin. */
export const licenseAdminKeys = {
  all: ['license-admin'] as const,
  groups: (userId: string) => [...licenseAdminKeys.all, userId, 'groups'] as const,
  members: (userId: string, groupId: string) =>
    [...licenseAdminKeys.all, userId, 'members', groupId] as const,
};

/** Successful changes refresh the page's lists (spec section 7). */
export function useRefreshAfter<V, R>(mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseAdminKeys.all }),
  });
}
