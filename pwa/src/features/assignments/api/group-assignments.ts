import { type AssignmentRowFilter, type CreateAssignmentsRequest, endpoints } from '@pd/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { assignmentKeys } from './assignment-keys';

/** What the assignment view asks the server for: one assignment or all, a status, a search, a page. */
export interface AssignmentView {
  assignmentId: string;
  status: '' | AssignmentRowFilter;
  q: string;
  page: number;
}

/** GET /api/license-groups/:groupId/assignments: the assignments and one page of who stands where. */
export function groupAssignmentsQueryOptions(groupId: string, view: AssignmentView) {
  const query = {
    assignmentId: view.assignmentId || undefined,
    status: view.status || undefined,
    q: view.q || undefined,
    page: String(view.page),
  };
  return queryOptions({
    queryKey: [...assignmentKeys.group(groupId), view] as const,
    queryFn: ({ signal }) => apiGet(endpoints.groupAssignments, { params: { groupId }, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGroupAssignments(groupId: string, view: AssignmentView) {
  return useQuery(groupAssignmentsQueryOptions(groupId, view));
}

/** POST /api/license-groups/:groupId/assignments. */
export function useCreateAssignments(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAssignmentsRequest) =>
      apiSend(endpoints.createAssignments, input, { params: { groupId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: assignmentKeys.group(groupId) }),
  });
}

/** DELETE /api/license-groups/:groupId/assignments/:assignmentId. */
export function useRemoveAssignment(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) =>
      apiSend(endpoints.removeAssignment, {}, { params: { groupId, assignmentId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: assignmentKeys.group(groupId) }),
  });
}
