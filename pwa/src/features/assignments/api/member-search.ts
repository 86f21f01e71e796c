import { endpoints } from '@pd/domain';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { assignmentKeys } from './assignment-keys';

/** Up to 10 members of the group matching `q` (name or e-mail), to choose whom to assign. */
export function useMemberSearch(groupId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...assignmentKeys.group(groupId), 'member-search', q] as const,
    queryFn: ({ signal }) =>
      apiGet(endpoints.licenseGroupMembers, { params: { groupId }, query: { q, pageSize: '10' }, signal }),
    enabled: enabled && q.length > 0,
  });
}
