import { userDataCaches } from '@pd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { meKeys } from './get-me';
import { deleteUserDb } from './db';
import { countPendingOps } from './outbox';
import { forgetSignedInUser, markLogoutPending } from './profile';
import { syncEngineFor } from './sync-engine';

/**
 * Sign-out on a shared device (docs/ARCHITECTURE.md, "Offline-first"): drain first; if changes remain, the
 * screen says how many and asks; then everything of this teacher leaves the device (their `user-<id>`
 * database, the query cache, the cached profile, the per-user Cache Storage) before the server is
 * told. The next teacher on the device sees nothing of the previous one.
 */

/** How long sign-out waits for the last drain before asking. */
export const signOutDrainWaitMs = 8_000;

/** Tries to send what is left; answers how many changes are still not on the server. */
export async function drainBeforeSignOut(userId: string, waitMs = signOutDrainWaitMs): Promise<number> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      syncEngineFor(userId).kick('manual'),
      new Promise((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
  } catch {
    // Counted below either way.
  } finally {
    clearTimeout(timer);
  }
  return countPendingOps(userId).catch(() => 0);
}

/**
 * Deletes the Cache Storage caches that hold what the teacher left on the device (`userDataCaches`:
 * the images of their downloaded courses, premium ones included, and the api answers they read). The
 * worker fills them again for the next teacher as they use the app.
 */
export async function deleteUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(userDataCaches.map((name) => caches.delete(name)));
}

/**
 * Removes every trace of the teacher from this device. The logout is marked pending first, so that
 * until the server has ended the session the app never shows this teacher as signed in again.
 */
export async function wipeUserData(userId: string, queryClient: QueryClient): Promise<void> {
  markLogoutPending();
  forgetSignedInUser();
  // The screens leave this teacher's data first, so no live query reopens the database.
  queryClient.clear();
  queryClient.setQueryData(meKeys.all, null);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await deleteUserDb(userId);
  await deleteUserCaches().catch((error: unknown) =>
    console.warn('Could not delete cached responses', error),
  );
}
