import { endpoints, type CheckoutSessionStatusResponse } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { premiumKeys } from './premium-keys';

/** GET /api/stripe/checkout-session/:id: the session's state for the signed-in user who owns it. */
export function fetchCheckoutSession(
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutSessionStatusResponse> {
  return apiGet(endpoints.checkoutSession, { params: { id: sessionId }, signal });
}

export function checkoutSessionQuery(sessionId: string) {
  return queryOptions({
    queryKey: premiumKeys.checkoutSession(sessionId),
    queryFn: ({ signal }) => fetchCheckoutSession(sessionId, signal),
  });
}

/**
 * Polls every `pollMs` while `poll` is true and the session has not made the user premium yet
 * (the webhook may arrive a few seconds after the redirect).
 */
export function useCheckoutSession(sessionId: string, { poll, pollMs }: { poll: boolean; pollMs: number }) {
  return useQuery({
    ...checkoutSessionQuery(sessionId),
    enabled: sessionId !== '',
    refetchInterval: (query) => (poll && !query.state.data?.premium ? pollMs : false),
  });
}
