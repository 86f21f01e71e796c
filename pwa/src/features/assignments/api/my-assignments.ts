import { endpoints } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { assignmentKeys } from './assignment-keys';

/** GET /api/assignments: the courses assigned to the signed-in teacher. */
export function myAssignmentsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: assignmentKeys.mine(userId ?? ''),
    enabled: userId !== null,
    queryFn: ({ signal }) => apiGet(endpoints.myAssignments, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Only for a licence member (`userId` null: nothing is asked). */
export function useMyAssignments(userId: string | null) {
  return useQuery(myAssignmentsQueryOptions(userId));
}
