import { endpoints, type GroupMembersResponse, type MemberSort } from '@pd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, urlOf } from '../../../lib/api-client';
import { licenseAdminKeys } from './license-admin-keys';
import { networkFirstAnswer } from './network-first';

/** What the member list asks the server for: a search, an order and a page. */
export interface MembersView {
  q: string;
  sort: MemberSort;
  page: number;
}

/** GET /api/license-groups/:groupId/members: a page of the group's members with their progress. */
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

/** The device's IANA time zone ('Europe/Paris'), or undefined where the browser does not say. */
export function deviceTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** Where 'Download CSV' goes (the api answers an attachment, its dates in the zone `tz`). */
export function membersCsvUrl(groupId: string, timeZone: string | undefined = deviceTimeZone()): string {
  return urlOf(endpoints.licenseGroupMembersCsv, { params: { groupId }, query: { tz: timeZone } });
}
