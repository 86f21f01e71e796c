import { endpoints, type SubscriptionResponse } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { premiumKeys } from './premium-keys';

/** GET /api/stripe/subscription: the stored subscription, or null when there is none. */
export function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionResponse> {
  return apiGet(endpoints.subscription, { signal });
}

export function subscriptionQuery() {
  return queryOptions({
    queryKey: premiumKeys.subscription(),
    queryFn: ({ signal }) => fetchSubscription(signal),
  });
}

export function useSubscription(enabled: boolean) {
  return useQuery({ ...subscriptionQuery(), enabled });
}
