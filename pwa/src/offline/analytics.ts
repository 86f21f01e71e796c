import { userDb } from './db';
import { signedInUserId } from './profile';

/**
 * Queues an analytics event in the signed-in teacher's database (`analytics`); sending the queue is a
 * later issue. Nothing is queued when nobody is signed in, and a failure never breaks the screen.
 */
export async function queueAnalyticsEvent(
  name: string,
  props: Record<string, unknown> = {},
  userId: string | null = signedInUserId(),
): Promise<void> {
  if (!userId) return;
  await userDb(userId)
    .analytics.add({ id: crypto.randomUUID(), name, props, at: new Date().toISOString() })
    .catch((error: unknown) => console.warn('Could not queue the analytics event', error));
}
