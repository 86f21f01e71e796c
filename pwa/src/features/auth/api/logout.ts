import { firstLoadEndpoints, type OkResponse } from '@pd/domain';
import { ApiError, apiSend, NetworkError } from '../../../lib/api-client';
import { clearLogoutPending } from '../../../offline/profile';

/** POST /api/auth/logout (empty JSON body). From the first-load table: the header signs out. */
export function logout(): Promise<OkResponse> {
  return apiSend(firstLoadEndpoints.logout, {});
}

/**
 * Tells the server, after the device was wiped (offline/sign-out.ts). 'offline': it could not be
 * reached, and the app retries before its next GET /api/auth/me; 'failed': it refused (retried too).
 */
export async function logoutOnServer(): Promise<'done' | 'offline' | 'failed'> {
  try {
    await logout();
  } catch (error) {
    if (error instanceof NetworkError) return 'offline';
    if (!(error instanceof ApiError && error.status === 401)) return 'failed';
  }
  clearLogoutPending();
  return 'done';
}
