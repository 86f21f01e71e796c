import { CreateCheckoutSessionRequest, endpoints, premiumMessages, RedirectUrlResponse } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

/** A reply without `url` is reported as 'No checkout URL received from Stripe', not as a parse error. */
const MaybeRedirect = RedirectUrlResponse.partial();

/** POST /api/stripe/create-checkout-session -> the checkout page's URL (or an ApiError carrying `{error}`). */
export async function createCheckoutSession(input: CreateCheckoutSessionRequest): Promise<string> {
  const body = CreateCheckoutSessionRequest.parse(input);
  const { url } = await apiSend(endpoints.createCheckoutSession, body, { response: MaybeRedirect });
  if (!url) throw new Error(premiumMessages.noCheckoutUrl);
  return url;
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
