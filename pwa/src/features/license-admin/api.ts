import {
  type AdminLicenseGroup,
  endpoints,
  type GroupMembersResponse,
  type Invite,
  type MemberSort,
  type SendInvitesResponse,
} from '@pd/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, NetworkError, urlOf } from '../../lib/api-client';
import { readUserDb, userDb } from '../../offline/db';

/**
 * The License Management page's calls (issue 18). The two reads are network first and kept in the
 * licence admin's own `user-<id>` database, so offline the page shows the last answer with its age.
 */

/** An answer and where it came from: the server now, or the device's copy of `fetchedAt`. */
export interface Answer<T> {
  data: T;
  fetchedAt: string;
  fromDevice: boolean;
}

async function networkFirstAnswer<T>(
  userId: string,
  key: string,
  fetchFresh: () => Promise<T>,
): Promise<Answer<T>> {
  try {
    const data = await fetchFresh();
    const fetchedAt = new Date().toISOString();
    void userDb(userId)
      .answers.put({ key, data, fetchedAt })
      .catch((error: unknown) => console.warn('Could not keep the license data on the device', error));
    return { data, fetchedAt, fromDevice: false };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const cached = await readUserDb(userId, (db) => db.answers.get(key), undefined).catch(() => undefined);
    if (!cached) throw error;
    return { data: cached.data as T, fetchedAt: cached.fetchedAt, fromDevice: true };
  }
}

export const licenseAdminKeys = {
  all: ['license-admin'] as const,
  groups: (userId: string) => [...licenseAdminKeys.all, userId, 'groups'] as const,
  members: (userId: string, groupId: string) =>
    [...licenseAdminKeys.all, userId, 'members', groupId] as const,
};

export function myGroupsQueryOptions(userId: string) {
  const url = urlOf(endpoints.myLicenseGroups);
  return queryOptions({
    queryKey: licenseAdminKeys.groups(userId),
    queryFn: ({ signal }) =>
      networkFirstAnswer<AdminLicenseGroup[]>(userId, url, () =>
        apiGet(endpoints.myLicenseGroups, { signal }),
      ),
    // Run offline too: it answers from the device's copy.
    networkMode: 'offlineFirst',
  });
}

export function useMyGroups(userId: string) {
  return useQuery(myGroupsQueryOptions(userId));
}

/** What the member list asks the server for: a search, an order and a page. */
export interface MembersView {
  q: string;
  sort: MemberSort;
  page: number;
}

export function membersQueryOptions(userId: string, groupId: string, view: MembersView) {
  const query = { q: view.q || undefined, sort: view.sort, page: String(view.page) };
  // Each page, order and search the admin has seen is kept on the device under its own URL.
  const url = urlOf(endpoints.licenseGroupMembers, { params: { groupId }, query });
  return queryOptions({
    queryKey: [...licenseAdminKeys.members(userId, groupId), view] as const,
    queryFn: ({ signal }) =>
      networkFirstAnswer<GroupMembersResponse>(userId, url, () =>
        apiGet(endpoints.licenseGroupMembers, { params: { groupId }, query, signal }),
      ),
    networkMode: 'offlineFirst',
    // The page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useGroupMembers(userId: string, groupId: string, view: MembersView) {
  return useQuery(membersQueryOptions(userId, groupId, view));
}

/** Where 'Download CSV' goes (the api answers an attachment). */
export function membersCsvUrl(groupId: string): string {
  return urlOf(endpoints.licenseGroupMembersCsv, { params: { groupId } });
}

/** Successful changes refresh the page's lists (spec section 7). */
function useRefreshAfter<V, R>(mutationFn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseAdminKeys.all }),
  });
}

export function useSendInvites() {
  return useRefreshAfter((input: { groupId: string; emails: string[] }): Promise<SendInvitesResponse> =>
    apiSend(endpoints.sendInvites, { license_group_id: input.groupId, emails: input.emails }),
  );
}

export function useResendInvite() {
  return useRefreshAfter((inviteId: string): Promise<Invite> =>
    apiSend(endpoints.resendInvite, {}, { params: { inviteId } }),
  );
}

export function useRevokeInvite() {
  return useRefreshAfter((inviteId: string): Promise<Invite> =>
    apiSend(endpoints.revokeInvite, {}, { params: { inviteId } }),
  );
}

export function useRemoveMember() {
  return useRefreshAfter((input: { groupId: string; userId: string }): Promise<{ ok: true }> =>
    apiSend(endpoints.removeLicenseGroupMember, {}, { params: input }),
  );
}
