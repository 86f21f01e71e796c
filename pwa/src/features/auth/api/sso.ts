import {
  endpoints,
  type LoginResponse,
  type SsoLinkCodeResponse,
  type SsoLinkRequest,
  type SsoProviderId,
} from '@pd/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, urlOf } from '../../../lib/api-client';
import { awaitingSecondStep, signedIn } from './mfa';

/**
 * Google, Microsoft and district sign-in (issue 27 part 3). GET /api/auth/sso: the providers the
 * server is configured for, kept for the page's life like the app's other data (staleTime Infinity).
 */
export const ssoKeys = {
  providers: ['sso-providers'] as const,
  pendingLink: ['sso-pending-link'] as const,
};

export function ssoProvidersQueryOptions() {
  return queryOptions({
    queryKey: ssoKeys.providers,
    queryFn: ({ signal }) => apiGet(endpoints.ssoProviders, { signal }),
  });
}

export function useSsoProviders() {
  return useQuery(ssoProvidersQueryOptions());
}

/** Where a "Continue with ..." button goes: a page load, not a fetch (the provider's page follows). */
export function ssoStartUrl(provider: SsoProviderId, returnTo?: string): string {
  return urlOf(endpoints.ssoStart, { params: { provider }, query: { returnTo } });
}

/** GET /api/auth/sso/link: the address whose account the password links. */
export function useSsoPendingLink(enabled: boolean) {
  return useQuery({
    queryKey: ssoKeys.pendingLink,
    queryFn: ({ signal }) => apiGet(endpoints.ssoPendingLink, { signal }),
    enabled,
  });
}

/**
 * POST /api/auth/sso/link/code: e-mails a code to the address of the account waiting to be linked
 * (decision 112); 429 with its sentence when the one before left less than a minute ago.
 */
export function useSsoLinkCode() {
  return useMutation({
    mutationFn: (): Promise<SsoLinkCodeResponse> => apiSend(endpoints.ssoLinkCode, {}),
  });
}

/** POST /api/auth/sso/link ({password} or {code}): the user, or `{mfa}` when the two-step code comes next. */
export function useSsoLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoLinkRequest): Promise<LoginResponse> => apiSend(endpoints.ssoLink, input),
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: ssoKeys.pendingLink });
      if ('mfa' in answer) awaitingSecondStep(queryClient);
      else signedIn(queryClient, answer);
    },
  });
}
