import type { PublicUser } from '@pd/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMe } from './get-me';
import { cachedProfile, isLogoutPending, signedInUserId } from './profile';

/**
 * Who the pages that read the teacher's own data are drawn for (decision 023).
 *
 * GET /api/auth/me is the truth. While it is on its way, the profile this device kept for the
 * teacher who signed in last (`user-<id>`.profile, written from an earlier answer of /me) is a
 * *hint*: the module page and the course page draw that teacher's copy of the course and progress
 * at once instead of waiting for the network. When /me answers, its answer replaces the hint: signed
 * out (401) sends the page to the sign-in guard, another teacher switches every user-keyed query to
 * them, and `dropHintedData` removes what was read for the hint.
 */
export const viewerKeys = {
  /** Not under `meKeys.all`: a sign-in removes it with the previous visitor's data. */
  deviceProfile: (userId: string) => ['device-profile', userId] as const,
};

/** The kept profile of the last signed-in teacher, or null (none kept, or a sign-out is pending). */
export function deviceProfileQuery(userId: string) {
  return queryOptions({
    queryKey: viewerKeys.deviceProfile(userId),
    queryFn: async (): Promise<PublicUser | null> => {
      if (isLogoutPending()) return null;
      const user = await cachedProfile();
      return user?.id === userId ? user : null;
    },
    // IndexedDB: no network involved.
    networkMode: 'always',
  });
}

/** The id the device remembers as signed in, unless a sign-out is still pending. */
export function hintedUserId(): string | null {
  return isLogoutPending() ? null : signedInUserId();
}

export interface Viewer {
  /** The user, null when signed out, undefined while neither /me nor the device can tell. */
  user: PublicUser | null | undefined;
  /** True once /me answered: writes (progress) wait for it. */
  confirmed: boolean;
}

/** The signed-in user as /me says, or, while /me is pending, the profile kept on the device. */
export function useViewer(): Viewer {
  const me = useMe();
  const hintId = me.isPending ? hintedUserId() : null;
  const kept = useQuery({ ...deviceProfileQuery(hintId ?? ''), enabled: Boolean(hintId) });
  // A failed /me (a server error) leaves nobody to draw for, as before: the page's guard decides.
  if (!me.isPending) return { user: me.data ?? null, confirmed: true };
  return { user: hintId ? (kept.data ?? undefined) : undefined, confirmed: false };
}

/**
 * /me answered `user` after the device hinted `hintId`: when they differ, everything read for the
 * hinted teacher (their kept profile, their copy of a course) leaves the cache, so no screen keeps
 * drawing it. Queries of the user-keyed kind carry the user id as a key part.
 */
export function dropHintedData(queryClient: QueryClient, hintId: string, user: PublicUser | null): void {
  if (user?.id === hintId) return;
  queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(hintId) });
}
