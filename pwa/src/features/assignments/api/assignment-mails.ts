import { type AssignmentMailKind, endpoints } from '@pd/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { assignmentKeys } from './assignment-keys';

/** GET /api/license-groups/:groupId/assignment-mails: each automatic e-mail, on or off, its words. */
export function useAssignmentMails(groupId: string) {
  return useQuery({
    queryKey: assignmentKeys.mails(groupId),
    queryFn: ({ signal }) => apiGet(endpoints.assignmentMails, { params: { groupId }, signal }),
  });
}

/** PATCH /api/license-groups/:groupId/assignment-mails/:kind. */
export function useUpdateAssignmentMail(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      kind: AssignmentMailKind;
      enabled: boolean;
      subject?: string | null;
      intro?: string | null;
    }) =>
      apiSend(
        endpoints.updateAssignmentMail,
        { enabled: input.enabled, subject: input.subject, intro: input.intro },
        { params: { groupId, kind: input.kind } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: assignmentKeys.mails(groupId) }),
  });
}
