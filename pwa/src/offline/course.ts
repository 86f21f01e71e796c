import { contentErrorCodes, CourseContentResponse, type Course } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, NetworkError } from '../lib/api-client';
import { useMe } from '../lib/get-me';
import { contentKeys } from './catalogue';
import { networkFirst } from './content-cache';
import { contentDb, userDb } from './db';

/** The database a course's content is cached in: free courses are shared, premium ones are the user's. */
function cacheFor(course: Pick<Course, 'isPremium' | 'isComingSoon'>, userId: string | undefined) {
  if (!course.isPremium && !course.isComingSoon) return contentDb().courses;
  return userId ? userDb(userId).courses : null;
}

/** Keeps a course on the device for offline use (premium ones in the user's own database). */
export async function keepCourseOnDevice(course: Course, userId: string | undefined): Promise<void> {
  await cacheFor(course, userId)?.put({ slug: course.slug, course, fetchedAt: new Date().toISOString() });
}

/**
 * GET /api/content/courses/:slug: the whole course (lessons, tips, quizzes with answer keys).
 * Errors are ApiErrors: 401 signed out; 403 with `code` 'PREMIUM_REQUIRED' or 'COMING_SOON';
 * 404 'Course not found'. Offline, the copy on the device is used (the user's own for premium courses).
 */
export async function fetchCourse(slug: string, userId?: string, signal?: AbortSignal): Promise<Course> {
  return networkFirst(
    async () =>
      (await apiGet(`/api/content/courses/${encodeURIComponent(slug)}`, CourseContentResponse, { signal }))
        .course,
    (course) => keepCourseOnDevice(course, userId),
    async () =>
      (await contentDb().courses.get(slug))?.course ??
      (userId ? (await userDb(userId).courses.get(slug))?.course : undefined),
  );
}

/** `userId` picks the user's database for premium content; the key is the slug alone (see login/logout). */
export function courseQuery(slug: string, userId?: string) {
  return queryOptions({
    queryKey: contentKeys.course(slug),
    queryFn: ({ signal }) => fetchCourse(slug, userId, signal),
    networkMode: 'offlineFirst',
  });
}

/** The course for the signed-in user; waits for the current user, and does not run when signed out. */
export function useCourse(slug: string) {
  const me = useMe();
  const userId = me.data?.id;
  return useQuery({ ...courseQuery(slug, userId), enabled: Boolean(userId) && Boolean(slug) });
}

export type CourseErrorKind =
  'signedOut' | 'premiumRequired' | 'comingSoon' | 'notFound' | 'offline' | 'other';

/** What a failed course load means for the screen. */
export function courseErrorKind(error: unknown): CourseErrorKind {
  if (error instanceof NetworkError) return 'offline';
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 401) return 'signedOut';
  if (error.status === 404) return 'notFound';
  if (error.status === 403 && error.code === contentErrorCodes.comingSoon) return 'comingSoon';
  if (error.status === 403) return 'premiumRequired';
  return 'other';
}
