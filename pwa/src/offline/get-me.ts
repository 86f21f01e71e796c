import { firstLoadEndpoints, type PublicUser, viewerHasPremium } from '@pd/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  cachedProfile,
  clearLogoutPending,
  forgetSignedInUser,
  isLogoutPending,
  rememberProfile,
  signedInRoleHint,
} from './profile';
import { ApiError, apiGet, apiSend, NetworkError, onSessionEnded } from '../lib/api-client';

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

/**
 * A call answered "Please sign in to continue.": the session ended on the server (a role change by an
 * admin, a sign-out on another device). The page is signed out at once, as GET /api/auth/me would
 * say on a reload: `me` becomes null (the header shows Sign In, premium pages guard again, the sync
 * engine stops) and the device forgets who was signed in. Nothing is deleted: the teacher's outbox
 * and queued analytics stay in their database and go out when they sign in again (unlike a chosen
 * sign-out, sign-out.ts, which wipes the device). An answer to a call sent before the page last
 * learned who is signed in (a call that crossed a sign-in) says nothing of the new session and is
 * ignored; so is one while nobody is signed in (a half-done two-step sign-in is not disturbed).
 */
export function signOutOnSessionEnded(queryClient: QueryClient, sentAt: number): void {
  const state = queryClient.getQueryState<PublicUser | null>(meKeys.all);
  if (!state?.data || sentAt < state.dataUpdatedAt) return;
  forgetSignedInUser();
  queryClient.setQueryData<PublicUser | null>(meKeys.all, null);
}

/** Mounted once with the data cache (app/providers.tsx): applies `signOutOnSessionEnded`. */
export function followSessionEnd(queryClient: QueryClient): () => void {
  return onSessionEnded((sentAt) => signOutOnSessionEnded(queryClient, sentAt));
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
