import { portalFailureToast, premiumMessages } from '@pd/domain';
import { ApiError, NetworkError } from '../../lib/api-client';

/** The message of a failed premium call: the server's `error`, else `fallback` (spec section 8). */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** 'Checkout Failed' text and the checkout_failed reason (`api_error_<status>` or the message). */
export function describeCheckoutFailure(error: unknown): { description: string; reason: string } {
  const description = failureMessage(error, premiumMessages.checkoutFailed);
  const reason = error instanceof ApiError ? `api_error_${error.status}` : description;
  return { description, reason };
}

/** The destructive toast of a failed 'Manage Subscription', chosen by the message (spec section 8). */
export function describePortalFailure(error: unknown): { title: string; description: string } {
  return portalFailureToast(failureMessage(error, premiumMessages.portalFailed));
}
