import { authMessages, type PublicUser } from '@pd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { onUnauthorized } from '../lib/api-client';
import { meKeys } from './get-me';
import { forgetSignedInUser } from './profile';

/**
 * A call answered "Please sign in to continue." (the api's `requireUser`): the session ended on the
 * server (a role change by an admin, a sign-out on another device, its lifetime). The page is signed
 * out at once, as GET /api/auth/me would say on a reload (issue 26): `me` becomes null (the header
 * shows Sign In, premium pages guard again, the sync engine stops) and the device forgets who was
 * signed in. Nothing is deleted: the teacher's outbox and queued analytics stay on the device and go
 * out when they sign in again (unlike a chosen sign-out, sign-out.ts, which wipes the device).
 *
 * Not a session's end: the 401s a sign-in answers by design (a wrong password, a wrong or expired
 * two-step code, a wrong set-up code) carry other messages; an answer to a call sent before the page
 * last learned who is signed in (it crossed a sign-in) says nothing of the new session; and while
 * nobody is signed in there is nobody to sign out (a half-done two-step sign-in goes on).
 */
export function signOutOnSessionEnded(queryClient: QueryClient, sentAt: number): void {
  const state = queryClient.getQueryState<PublicUser | null>(meKeys.all);
  if (!state?.data || sentAt < state.dataUpdatedAt) return;
  forgetSignedInUser();
  queryClient.setQueryData<PublicUser | null>(meKeys.all, null);
}

/** Followed while someone is signed in (the sync engine's runner, after the first screen); returns the removal. */
export function followSessionEnd(queryClient: QueryClient): () => void {
  return onUnauthorized((error, sentAt) => {
    if (error.serverMessage === authMessages.notSignedIn) signOutOnSessionEnded(queryClient, sentAt);
  });
}
