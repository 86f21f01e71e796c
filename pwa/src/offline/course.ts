import { contentErrorCodes, learningEndpoints, type Course } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, NetworkError } from '../lib/api-client';
import { useAfterPaint } from '../lib/use-after-paint';
import { contentKeys } from './catalogue';
import { networkFirst } from './content-cache';
import { deviceCourseQuery, readCourseFromDevice } from './course-device';
import { contentDb, userDb } from './db';
import { useViewer } from './viewer';

/** The database a course's content is cached in: free courses are shared, premium ones are the user's. */
function cacheFor(course: Pick<Course, 'isPremium' | 'isComingSoon'>, userId: string | null) {
  if (!course.isPremium && !course.isComingSoon) return contentDb().courses;
  return userId ? userDb(userId).courses : null;
}

/** Keeps a course on the device for offline use (premium ones in the user's own database). */
export async function keepCourseOnDevice(course: Course, userId: string | null): Promise<void> {
  await cacheFor(course, userId)?.put({ slug: course.slug, course, fetchedAt: new Date().toISOString() });
}

/**
 * GET /api/content/courses/:slug: the whole course (lessons, tips, quizzes with answer keys), checked
 * with the course contract and kept on the device. Errors are ApiErrors: 401 signed out; 403 with
 * `code` 'PREMIUM_REQUIRED' or 'COMING_SOON'; 404 'Course not found'. When the network cannot be
 * reached, the copy on the device is used (the user's own for premium courses).
 */
export async function fetchCourse(
  slug: string,
  userId: string | null,
  signal?: AbortSignal,
): Promise<Course> {
  return networkFirst(
    async () => (await apiGet(learningEndpoints.course, { params: { slug }, signal })).course,
    (course) => keepCourseOnDevice(course, userId),
    async () => (await readCourseFromDevice(slug, userId)) ?? undefined,
  );
}

/** The server's copy of a course as `userId` may read it (the device's copy when offline). */
export function courseQuery(slug: string, userId: string | null) {
  return queryOptions({
    queryKey: contentKeys.course(slug, userId),
    queryFn: ({ signal }) => fetchCourse(slug, userId, signal),
    networkMode: 'offlineFirst',
  });
}

export interface CourseResult {
  data: Course | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
}

/**
 * The course for the signed-in user, stale-while-revalidate (decision 023): the device's copy is
 * shown as soon as it is read, the server's answer replaces it when it arrives, and a server's refusal
 * (401, 403, 404) wins over the device's copy. Drawn for the viewer (`useViewer`): the teacher this
 * device kept while /me is on its way, then whoever /me says. Nothing runs when signed out.
 */
export function useCourse(slug: string): CourseResult {
  const { user } = useViewer();
  const userId = user?.id ?? null;
  const enabled = Boolean(userId) && Boolean(slug);
  const device = useQuery({ ...deviceCourseQuery(slug, userId), enabled });
  // With a copy on the device, the server's is asked once the page has painted it: reading and
  // checking a whole course is a long task, which would delay the lesson's first paint. Without one
  // (or when the device cannot be read), at once.
  const kept = device.data ?? undefined;
  const keptPainted = useAfterPaint(Boolean(kept));
  const deviceAnswered = device.isSuccess || device.isError;
  const server = useQuery({
    ...courseQuery(slug, userId),
    enabled: enabled && deviceAnswered && (!kept || keptPainted),
  });
  if (server.data) return { data: server.data, error: null, isError: false, isPending: false };
  const refused = server.isError && !(server.error instanceof NetworkError);
  if (kept && !refused) return { data: kept, error: null, isError: false, isPending: false };
  if (server.isError) return { data: undefined, error: server.error, isError: true, isPending: false };
  return { data: undefined, error: null, isError: false, isPending: true };
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
