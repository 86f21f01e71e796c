import { firstLoadEndpoints, type PublicUser, viewerHasPremium } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  cachedProfile,
  clearLogoutPending,
  forgetSignedInUser,
  isLogoutPending,
  rememberProfile,
  signedInRoleHint,
} from './profile';
import { ApiError, apiGet, apiSend, NetworkError } from '../lib/api-client';

/** GET /api/auth/me: the signed-in user, or null when signed out (401). */
export const meKeys = {
  all: ['auth', 'me'] as const,
};

/** Ends a session whose sign-out could not reach the server earlier; false while it still cannot. */
async function finishPendingLogout(): Promise<boolean> {
  try {
    await apiSend(firstLoadEndpoints.logout, {});
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) return false;
  }
  clearLogoutPending();
  return true;
}

/**
 * The signed-in user. The answer is kept on the device; when the server cannot be reached at all (a
 * NetworkError) the kept profile is used, so the app opens signed in offline. A 401 always means
 * signed out (and forgets who was signed in); other server errors are raised as they are.
 */
export async function fetchMe(signal?: AbortSignal): Promise<PublicUser | null> {
  if (isLogoutPending() && !(await finishPendingLogout())) return null;
  let user: PublicUser | null;
  try {
    user = await apiGet(firstLoadEndpoints.me, { on401: 'returnNull', signal });
  } catch (error) {
    if (error instanceof NetworkError) {
      const cached = await cachedProfile();
      if (cached) return cached;
    }
    throw error;
  }
  // Kept in the background: the answer is not held up by IndexedDB.
  if (user) void rememberProfile(user);
  else forgetSignedInUser();
  return user;
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => fetchMe(signal),
    // Run offline too: the query answers from the kept profile.
    networkMode: 'offlineFirst',
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Who the layout is drawn for: the signed-in user once known; while GET /api/auth/me is on its
 * way, the teacher this device last saw signed in (so the header and status line keep their size).
 * Never used to decide what may be shown: pages wait for the server's answer.
 */
export function useLayoutRole(): PublicUser['role'] | null {
  const me = useMe();
  if (me.data) return layoutRole(me.data);
  return me.isPending ? signedInRoleHint() : null;
}

/**
 * The role the layout is drawn as: a free teacher with a seat of an active licence group is laid
 * out as premium (no 'Upgrade to Premium'; issue 18, `hasPremiumAccess`).
 */
export function layoutRole(user: PublicUser): PublicUser['role'] {
  return user.role === 'free' && viewerHasPremium(user) ? 'premium' : user.role;
}
