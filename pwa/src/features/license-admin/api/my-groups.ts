import { type AdminLicenseGroup, endpoints } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, urlOf } from '../../../lib/api-client';
import { licenseAdminKeys } from './license-admin-keys';
import { networkFirstAnswer } from './network-first';

/** GET /api/license-groups/me: the groups this licence admin manages, with their invitations. */
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
