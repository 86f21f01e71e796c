import { PublicUser } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** GET /api/auth/me: the signed-in user, or null when signed out (401). */
export const meKeys = {
  all: ['auth', 'me'] as const,
};

export function fetchMe(signal?: AbortSignal): Promise<PublicUser | null> {
  return apiGet('/api/auth/me', PublicUser, { on401: 'returnNull', signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meKeys.all, queryFn: ({ signal }) => fetchMe(signal) });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
