import { type PublicUser, viewerHasPremium } from '@pd/domain';

/**
 * The cached profile: GET /api/auth/me's last answer is kept in the teacher's `user-<id>` database
 * (`profile`), and localStorage remembers only which id signed in last, so the app opens signed in
 * offline. `getMe` uses it only when the server cannot be reached (a NetworkError), never on a 401.
 *
 * A sign-out that could not reach the server is remembered too (`pd-logout-pending`): the session
 * cookie is HttpOnly, so only the server can end it, and until it has, the app must not show the
 * previous teacher as signed in (get-me.ts retries the logout first).
 */

const lastUserKey = 'pd-signed-in-user';
/** The last signed-in teacher's role: only to lay the header out before the server answers. */
const lastRoleKey = 'pd-signed-in-role';
const logoutPendingKey = 'pd-logout-pending';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The id of the teacher signed in on this device (as far as the device knows), or null. */
export function signedInUserId(): string | null {
  return storage()?.getItem(lastUserKey) ?? null;
}

export async function rememberProfile(user: PublicUser): Promise<void> {
  // An answer that crossed a sign-out on its way does not bring the teacher back.
  if (isLogoutPending()) return;
  storage()?.setItem(lastUserKey, user.id);
  // The layout hint: a licence member is laid out as premium (see get-me.ts `layoutRole`).
  storage()?.setItem(lastRoleKey, user.role === 'free' && viewerHasPremium(user) ? 'premium' : user.role);
  // IndexedDB (Dexie) is loaded on demand: the first screen does not wait for it.
  const { allowUserDb, userDb } = await import('./db');
  // The server says this teacher is signed in: their database may be used again.
  allowUserDb(user.id);
  await userDb(user.id)
    .profile.put({ key: 'me', user, savedAt: new Date().toISOString() })
    .catch((error: unknown) => console.warn('Could not keep the profile on this device', error));
}

/** The profile kept on the device for the last signed-in teacher, if any. */
export async function cachedProfile(): Promise<PublicUser | null> {
  const id = signedInUserId();
  if (!id) return null;
  try {
    const { userDb } = await import('./db');
    return (await userDb(id).profile.get('me'))?.user ?? null;
  } catch {
    return null;
  }
}

/** Forgets who signed in (the user's database itself is deleted by the sign-out, not here). */
export function forgetSignedInUser(): void {
  storage()?.removeItem(lastUserKey);
  storage()?.removeItem(lastRoleKey);
}

/**
 * Who the device last saw signed in (role only), or null: the header and the sync status line are
 * laid out for them while GET /api/auth/me is on its way, so the page does not jump when it answers.
 */
export function signedInRoleHint(): PublicUser['role'] | null {
  if (!signedInUserId() || isLogoutPending()) return null;
  const role = storage()?.getItem(lastRoleKey);
  return role === 'free' || role === 'premium' || role === 'license_admin' || role === 'superadmin'
    ? role
    : null;
}

export function markLogoutPending(): void {
  storage()?.setItem(logoutPendingKey, '1');
}

export function clearLogoutPending(): void {
  storage()?.removeItem(logoutPendingKey);
}

export function isLogoutPending(): boolean {
  return storage()?.getItem(logoutPendingKey) === '1';
}
