import {
  endpoints,
  type MfaDisableRequest,
  type MfaEnableRequest,
  type MfaSetupRequest,
  type MfaVerifyRequest,
  type PublicUser,
} from '@pd/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { allowUserDb } from '../../../offline/db';
import { meKeys } from '../../../offline/get-me';
import { forgetSignedInUser } from '../../../offline/profile';

/** Two-step sign-in calls (decision 077). */

export const mfaKeys = { status: ['mfa-status'] as const };

/**
 * A sign-in finished (the password, or the password and then the code): the previous visitor's
 * cached data goes, and the app draws the user from this answer.
 */
export function signedIn(queryClient: QueryClient, user: PublicUser): void {
  // Signed in again: a database the sign-out deleted may be opened again (offline/db.ts).
  allowUserDb(user.id);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKeys.all[0] });
  queryClient.setQueryData(meKeys.all, user);
}

/**
 * The password was right and a code comes next: the api has replaced this browser's session with a
 * half-done sign-in, so whoever the page showed signed in before is signed out from now (issue 26).
 * Nothing that needs a session (their subscription...) is asked for until the code is right;
 * queued work stays on the device (only a chosen sign-out wipes it).
 */
export function awaitingSecondStep(queryClient: QueryClient): void {
  if (!queryClient.getQueryData(meKeys.all)) return;
  forgetSignedInUser();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKeys.all[0] });
  queryClient.setQueryData(meKeys.all, null);
}

/** The code after the password: the user once it is right. */
export function useMfaVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MfaVerifyRequest) => apiSend(endpoints.mfaVerify, input),
    onSuccess: ({ recoveryCodesLeft: _left, ...user }) => signedIn(queryClient, user),
  });
}

/** A new secret to scan (at an admin's first sign-in, or with the password from the Account page). */
export function useMfaSetup() {
  return useMutation({ mutationFn: (input: MfaSetupRequest) => apiSend(endpoints.mfaSetup, input) });
}

/** Confirms the setup with a code; the recovery codes come back, shown once. */
export function useMfaEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MfaEnableRequest) => apiSend(endpoints.mfaEnable, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

export function useMfaStatus(enabled: boolean) {
  return useQuery({
    queryKey: mfaKeys.status,
    queryFn: () => apiGet(endpoints.mfaStatus),
    enabled,
  });
}

export function useMfaDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MfaDisableRequest) => apiSend(endpoints.mfaDisable, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string }) => apiSend(endpoints.mfaRecoveryCodes, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}
