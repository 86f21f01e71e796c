import { endpoints, premiumMessages, RedirectUrlResponse } from '@pd/domain';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

const MaybeRedirect = RedirectUrlResponse.partial();

/** POST /api/stripe/customer-portal (no body) -> the billing portal's URL. */
export async function createPortalSession(): Promise<string> {
  const { url } = await apiSend(endpoints.customerPortal, undefined, { response: MaybeRedirect });
  if (!url) throw new Error(premiumMessages.noPortalUrl);
  return url;
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
