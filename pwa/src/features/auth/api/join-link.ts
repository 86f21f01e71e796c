import { endpoints, type JoinResponse } from '@pd/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';

/** GET /api/join/{code}: the group and what joining needs, or why the link cannot be used (issue 27). */
export function useJoinLink(code: string) {
  return useQuery({
    queryKey: ['join-links', code],
    queryFn: ({ signal }) => apiGet(endpoints.joinLink, { params: { code }, signal }),
    retry: false,
  });
}

/** POST /api/join/{code}: the signed-in teacher takes a seat. */
export function useJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<JoinResponse> => apiSend(endpoints.join, {}, { params: { code } }),
    // The seat changes what the user may open.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'join-links' }),
  });
}
