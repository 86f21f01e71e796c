import type { Course } from '@pd/domain';
import { queryOptions } from '@tanstack/react-query';
import { contentKeys } from './catalogue';
import { contentDb, readUserDb } from './db';

/**
 * The copy of a course this device holds (decision 023): the shared `content` database for free
 * courses, the user's own for premium ones. It was checked against the course contract when it was
 * stored (the api's answer, `fetchCourse`), so it is not checked again on every read. Kept light (no
 * zod): the boot reads it while the module page's code is still loading.
 */
export async function readCourseFromDevice(slug: string, userId: string | null): Promise<Course | null> {
  const shared = await contentDb().courses.get(slug);
  if (shared) return shared.course;
  if (!userId) return null;
  return readUserDb(userId, async (db) => (await db.courses.get(slug))?.course ?? null, null);
}

export function deviceCourseQuery(slug: string, userId: string | null) {
  return queryOptions({
    queryKey: [...contentKeys.course(slug, userId), 'device'] as const,
    queryFn: () => readCourseFromDevice(slug, userId),
    networkMode: 'always',
    // IndexedDB unavailable (private mode, full disk): the network copy is still asked.
    retry: false,
  });
}
