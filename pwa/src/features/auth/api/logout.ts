import { anyBody, ApiError, apiSend, NetworkError } from '../../../lib/api-client';
import { clearLogoutPending } from '../../../offline/profile';

/** POST /api/auth/logout (empty JSON body). */
export function logout(): Promise<unknown> {
  return apiSend('POST', '/api/auth/logout', {}, anyBody);
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
