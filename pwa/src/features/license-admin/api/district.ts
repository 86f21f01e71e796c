import {
  type CreateJoinLinkResponse,
  endpoints,
  type JoinLink,
  type RosterImportResponse,
  type RosterRowInput,
} from '@pd/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { licenseAdminKeys, useRefreshAfter } from './license-admin-keys';

/** The calls of onboarding a district (issue 27): roster import, join links, reminders, delivery help. */

const keys = {
  imports: (groupId: string) => [...licenseAdminKeys.all, 'roster-imports', groupId] as const,
  importDetail: (groupId: string, importId: string) =>
    [...licenseAdminKeys.all, 'roster-imports', groupId, importId] as const,
  joinLinks: (groupId: string) => [...licenseAdminKeys.all, 'join-links', groupId] as const,
  deliveryHelp: () => [...licenseAdminKeys.all, 'delivery-help'] as const,
};

/** POST .../roster: the preview (`dryRun`) or the import. */
export function useRosterImport(groupId: string) {
  return useRefreshAfter(
    (input: { rows: RosterRowInput[]; dryRun: boolean }): Promise<RosterImportResponse> =>
      apiSend(
        endpoints.rosterImport,
        {
          rows: input.rows.map(({ email, firstName, lastName, school }) => ({
            email,
            firstName,
            lastName,
            school,
          })),
          dryRun: input.dryRun,
        },
        { params: { groupId } },
      ),
  );
}

/** The group's imports with their e-mails' progress: polled while any e-mail is still leaving. */
export function useRosterImports(groupId: string) {
  return useQuery(
    queryOptions({
      queryKey: keys.imports(groupId),
      queryFn: ({ signal }) => apiGet(endpoints.rosterImports, { params: { groupId }, signal }),
      refetchInterval: (query) => (query.state.data?.some((i) => i.progress.sending > 0) ? 3000 : false),
    }),
  );
}

export function useRosterImportDetail(groupId: string, importId: string | null) {
  return useQuery({
    queryKey: keys.importDetail(groupId, importId ?? ''),
    queryFn: ({ signal }) =>
      apiGet(endpoints.rosterImportDetail, { params: { groupId, importId: importId ?? '' }, signal }),
    enabled: importId !== null,
    refetchInterval: (query) => ((query.state.data?.progress.sending ?? 0) > 0 ? 3000 : false),
  });
}

export function useJoinLinks(groupId: string) {
  return useQuery({
    queryKey: keys.joinLinks(groupId),
    queryFn: ({ signal }) => apiGet(endpoints.joinLinks, { params: { groupId }, signal }),
  });
}

export function useCreateJoinLink(groupId: string) {
  return useRefreshAfter(
    (input: { maxUses: number; expiresInDays: number; domains: string[] }): Promise<CreateJoinLinkResponse> =>
      apiSend(
        endpoints.createJoinLink,
        { max_uses: input.maxUses, expires_in_days: input.expiresInDays, allowed_domains: input.domains },
        { params: { groupId } },
      ),
  );
}

export function useRevokeJoinLink(groupId: string) {
  return useRefreshAfter((linkId: string): Promise<JoinLink> =>
    apiSend(endpoints.revokeJoinLink, {}, { params: { groupId, linkId } }),
  );
}

export function useSetInviteReminders(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiSend(endpoints.inviteReminders, { enabled }, { params: { groupId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseAdminKeys.all }),
  });
}

export function useDeliveryHelp() {
  return useQuery({
    queryKey: keys.deliveryHelp(),
    queryFn: ({ signal }) => apiGet(endpoints.deliveryHelp, { signal }),
    staleTime: Infinity,
  });
}
