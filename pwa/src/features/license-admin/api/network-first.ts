import { NetworkError } from '../../../lib/api-client';
import { readUserDb, userDb } from '../../../offline/db';

/**
 * The License Management page's calls (issue 18), one file per group in this folder. The two reads
 * (my-groups.ts, group-members.ts) are network first and kept in the licence admin's own
 * `user-<id>` database, so offline the page shows the last answer with its age.
 */

/** An answer and where it came from: the server now, or the device's copy of `fetchedAt`. */
export interface Answer<T> {
  data: T;
  fetchedAt: string;
  fromDevice: boolean;
}

/** The server's answer, kept on the device under `key`; offline, the device's last copy. */
export async function networkFirstAnswer<T>(
  userId: string,
  key: string,
  fetchFresh: () => Promise<T>,
): Promise<Answer<T>> {
  try {
    const data = await fetchFresh();
    const fetchedAt = new Date().toISOString();
    void userDb(userId)
      .answers.put({ key, data, fetchedAt })
      .catch((error: unknown) => console.warn('Could not keep the license data on the device', error));
    return { data, fetchedAt, fromDevice: false };
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const cached = await readUserDb(userId, (db) => db.answers.get(key), undefined).catch(() => undefined);
    if (!cached) throw error;
    return { data: cached.data as T, fetchedAt: cached.fetchedAt, fromDevice: true };
  }
}
