import { endpoints, type InviteLookupResponse } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/invites/{code} -> {email, license_group_name}; an error body carries `error`. */
export const inviteKeys = {
  all: ['invites'] as const,
  detail: (code: string) => [...inviteKeys.all, code] as const,
};

export function fetchInvite(code: string, signal?: AbortSignal): Promise<InviteLookupResponse> {
  return apiGet(endpoints.invite, { params: { code }, signal });
}

export function inviteQueryOptions(code: string) {
  return queryOptions({
    queryKey: inviteKeys.detail(code),
    queryFn: ({ signal }) => fetchInvite(code, signal),
  });
}

export function useInvite(code: string | undefined) {
  return useQuery({ ...inviteQueryOptions(code ?? ''), enabled: Boolean(code) });
}
