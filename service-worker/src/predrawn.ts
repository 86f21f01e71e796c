/**
 * Decision 070: a returning teacher's module page shows its lesson before the app runs. The worker
 * answers the navigation with the app shell plus the lesson, drawn from the device's copy of the
 * course (the one the app itself reads first, decision 023), in the shell's own CSS; the app replaces
 * it with its page once that is on screen. Nothing here is sent anywhere or kept. This file reads
 * the device's copy; the drawing is the domain's (`drawModulePage`, domain/src/predrawn-page.ts).
 */
import { type Course, deviceContentDb, userDbPrefix } from '@pd/domain';

// The drawing itself is the domain's, shared with the api's first visit (decision 122).
export { drawModulePage, escapeHtml } from '@pd/domain';

/** The request's result as a promise. */
function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The course row of `slug` in the database `name`, or null (a database that is not there is not made). */
async function readCourseFrom(idb: IDBFactory, name: string, slug: string): Promise<Course | null> {
  const opening = idb.open(name);
  opening.onupgradeneeded = () => opening.transaction?.abort();
  let db: IDBDatabase;
  try {
    db = await requested(opening);
  } catch {
    return null;
  }
  try {
    if (!db.objectStoreNames.contains(deviceContentDb.courses)) return null;
    const store = db.transaction(deviceContentDb.courses, 'readonly').objectStore(deviceContentDb.courses);
    const row = (await requested(store.get(slug))) as { course?: Course } | undefined;
    return row?.course?.slug === slug ? row.course : null;
  } finally {
    db.close();
  }
}

/**
 * The course as the device keeps it, or null: a free course from the shared database; a premium one
 * from the signed-in teacher's own, when the device holds exactly one teacher's database (sign-out
 * deletes it; with two, whose is the page is not known, and nothing premium is drawn). Read-only.
 */
export async function readDeviceCourse(idb: IDBFactory, slug: string): Promise<Course | null> {
  const shared = await readCourseFrom(idb, deviceContentDb.name, slug);
  if (shared) return shared;
  const teachers = (await idb.databases()).filter((d) => d.name?.startsWith(userDbPrefix));
  const only = teachers.length === 1 ? teachers[0]?.name : undefined;
  return only ? readCourseFrom(idb, only, slug) : null;
}
