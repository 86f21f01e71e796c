import { learningEndpoints, swCaches, type Course } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError, urlOf } from '../lib/api-client';
import { contentDb, readUserDb, userDb, type CachedCourse, type CourseDownload } from './db';
import { downloadCourseTemplates, removeTemplates } from './templates';

/**
 * Course downloads (issue 5): a course the teacher may open is stored whole on the device, so it
 * works offline exactly as online. The content goes where course.ts keeps visited courses (the shared
 * `content` database for free courses, the teacher's `user-<id>` for premium ones); the images go into
 * Cache Storage `swCaches.images`, the cache the service worker reads them from (CacheFirst). The download is
 * verified before its `downloads` record is written, and that record is what 'Available offline'
 * means: a failed or partial download rolls back and is never marked ready.
 */

/** The service worker's images cache (CacheFirst), which downloads fill. */
export const imagesCacheName = swCaches.images;

export const downloadMessages = {
  notEnoughSpace:
    'Not enough storage space on this device to download this course. Free up space and try again.',
  offline: 'The download stopped because the connection was lost. Try again when you are online.',
  verifyFailed: 'The download could not be checked on this device. Try again.',
  failed: 'The download could not be completed. Try again.',
} as const;

export type DownloadErrorKind = 'notEnoughSpace' | 'offline' | 'verifyFailed' | 'failed';

export class DownloadError extends Error {
  readonly kind: DownloadErrorKind;
  constructor(kind: DownloadErrorKind, cause?: unknown) {
    super(downloadMessages[kind], { cause });
    this.name = 'DownloadError';
    this.kind = kind;
  }
}

export interface DownloadEstimate {
  course: Course;
  /** Bytes of the course JSON as the api sent it (decoded). */
  courseBytes: number;
  /** Content-Length of each image (HEAD), by URL. */
  imageBytes: Record<string, number>;
  totalBytes: number;
}

export interface DownloadProgress {
  doneBytes: number;
  totalBytes: number;
  /** 0-100. */
  percent: number;
}

// ---------------------------------------------------------------------------------------------------
// Network

async function request(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include', ...init });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return res;
}

/** The module images of a course, same-origin paths, each once. */
export function courseImages(course: Course): string[] {
  return [...new Set(course.modules.map((m) => m.image).filter((src): src is string => Boolean(src)))];
}

/**
 * The size of a course before it is downloaded: GET /api/content/courses/:slug (the access check too:
 * a 403 or 401 is raised as the ApiError) plus a HEAD of each module image for its Content-Length.
 */
export async function estimateDownload(slug: string, signal?: AbortSignal): Promise<DownloadEstimate> {
  const res = await request(urlOf(learningEndpoints.course, { params: { slug } }), { signal });
  const text = await res.text();
  const course = learningEndpoints.course.response.parse(JSON.parse(text)).course;
  const imageBytes: Record<string, number> = {};
  await Promise.all(
    courseImages(course).map(async (url) => {
      const head = await request(url, { method: 'HEAD', signal });
      imageBytes[url] = Number(head.headers.get('Content-Length') ?? 0) || 0;
    }),
  );
  const courseBytes = new TextEncoder().encode(text).byteLength;
  const totalBytes = courseBytes + Object.values(imageBytes).reduce((a, b) => a + b, 0);
  return { course, courseBytes, imageBytes, totalBytes };
}

/** '≈ 1.2 MB', '≈ 85 KB' (decimal units, as storage settings show them). */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `≈ ${(bytes / 1_000_000).toFixed(1)} MB`;
  return `≈ ${Math.max(1, Math.round(bytes / 1000))} KB`;
}

// ---------------------------------------------------------------------------------------------------
// Storage

function contentStoreFor(course: Pick<Course, 'isPremium' | 'isComingSoon'>): CourseDownload['store'] {
  return !course.isPremium && !course.isComingSoon ? 'content' : 'user';
}

function coursesTable(store: CourseDownload['store'], userId: string) {
  return store === 'content' ? contentDb().courses : userDb(userId).courses;
}

export function isQuotaError(error: unknown): boolean {
  for (let e = error as { name?: unknown; inner?: unknown; cause?: unknown } | undefined; e;) {
    if (e.name === 'QuotaExceededError') return true;
    e = (e.inner ?? e.cause) as typeof e;
  }
  return false;
}

/** Free space the browser reports (undefined when it cannot tell). */
async function freeBytes(): Promise<number | undefined> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return undefined;
    return estimate.quota - (estimate.usage ?? 0);
  } catch {
    return undefined;
  }
}

/** Asks once for persistent storage, so the browser does not evict downloads under pressure. */
async function askForPersistence(): Promise<void> {
  try {
    if (!navigator.storage?.persist) return;
    if (await navigator.storage.persisted?.()) return;
    await navigator.storage.persist();
  } catch {
    // Best effort: the download is usable either way.
  }
}

export interface DownloadOptions {
  /** Reuse an estimate made for the button (it carries the course). */
  estimate?: DownloadEstimate;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Downloads a course: content into Dexie, every image into `swCaches.images` with cache.add, then verifies
 * both and only then writes the `downloads` record. Raises a DownloadError; on any failure what this run
 * added is removed again (content the device held before, from a visit, is left as it was).
 */
export async function downloadCourse(
  slug: string,
  userId: string,
  options: DownloadOptions = {},
): Promise<CourseDownload> {
  const { onProgress, signal } = options;
  let estimate: DownloadEstimate;
  try {
    estimate = options.estimate ?? (await estimateDownload(slug, signal));
  } catch (error) {
    throw toDownloadError(error);
  }
  const { course, totalBytes } = estimate;
  const free = await freeBytes();
  // Room for the bytes plus IndexedDB and Cache Storage overhead.
  if (free !== undefined && free < totalBytes * 1.5) throw new DownloadError('notEnoughSpace');

  const store = contentStoreFor(course);
  const table = coursesTable(store, userId);
  const images = courseImages(course);
  let done = 0;
  const report = (bytes: number) => {
    done += bytes;
    onProgress?.({
      doneBytes: Math.min(done, totalBytes),
      totalBytes,
      percent: totalBytes ? Math.min(100, Math.round((done / totalBytes) * 100)) : 100,
    });
  };
  report(0);

  const previousContent = await table.get(slug).catch(() => undefined);
  const added: string[] = [];
  let addedTemplates: string[] = [];
  let cache: Cache | undefined;
  try {
    await table.put({ slug, course, fetchedAt: new Date().toISOString() });
    report(estimate.courseBytes);

    cache = await caches.open(imagesCacheName);
    for (const url of images) {
      signal?.throwIfAborted();
      if (!(await cache.match(url))) {
        await cache.add(url);
        added.push(url);
      }
      report(estimate.imageBytes[url] ?? 0);
    }

    // The templates its modules use, for users entitled to them (issue 19).
    const templates = await downloadCourseTemplates(slug, userId, signal);
    addedTemplates = templates.added;

    await verify(course, table, cache, images);
    const record: CourseDownload = {
      courseSlug: slug,
      bytes: totalBytes,
      moduleIds: course.modules.map((m) => m.id),
      images,
      templates: templates.slugs,
      store,
      downloadedAt: new Date().toISOString(),
    };
    await userDb(userId).downloads.put(record);
    await askForPersistence();
    return record;
  } catch (error) {
    await rollback(slug, userId, table, previousContent, cache, added);
    await removeTemplates(addedTemplates, userId).catch(() => {});
    throw toDownloadError(error);
  }
}

async function verify(
  course: Course,
  table: ReturnType<typeof coursesTable>,
  cache: Cache,
  images: readonly string[],
): Promise<void> {
  const stored = (await table.get(course.slug))?.course;
  const storedIds = new Set(stored?.modules.map((m) => m.id) ?? []);
  const missingModule = course.modules.find((m) => !storedIds.has(m.id));
  if (!stored || missingModule) throw new DownloadError('verifyFailed');
  for (const url of images) {
    if (!(await cache.match(url))) throw new DownloadError('verifyFailed');
  }
}

async function rollback(
  slug: string,
  userId: string,
  table: ReturnType<typeof coursesTable>,
  previousContent: CachedCourse | undefined,
  cache: Cache | undefined,
  added: readonly string[],
): Promise<void> {
  // Each step on its own: a failing one must not keep the others from running.
  await userDb(userId)
    .downloads.delete(slug)
    .catch(() => {});
  for (const url of added) await cache?.delete(url).catch(() => false);
  if (!previousContent) await table.delete(slug).catch(() => {});
}

function toDownloadError(error: unknown): Error {
  if (error instanceof DownloadError) return error;
  if (isQuotaError(error)) return new DownloadError('notEnoughSpace', error);
  if (error instanceof NetworkError || (error instanceof TypeError && /fetch|network/i.test(error.message)))
    return new DownloadError('offline', error);
  // A refusal (401/403/404) keeps the api's own message.
  if (error instanceof ApiError) return error;
  return new DownloadError('failed', error);
}

/** True when every image a download lists is still in the cache (browsers may evict Cache Storage). */
export async function isDownloadIntact(record: CourseDownload): Promise<boolean> {
  if (typeof caches === 'undefined') return true;
  const cache = await caches.open(imagesCacheName);
  for (const url of record.images) if (!(await cache.match(url))) return false;
  return true;
}

/**
 * 'Remove download': forgets the record, deletes the course's images and its stored content. The
 * course stays usable online (and is cached again on the next visit, as any visited course).
 */
export async function removeDownload(slug: string, userId: string): Promise<void> {
  const db = userDb(userId);
  const record = await db.downloads.get(slug);
  await db.downloads.delete(slug);
  const store = record?.store;
  if (record && typeof caches !== 'undefined') {
    const cache = await caches.open(imagesCacheName);
    for (const url of record.images) await cache.delete(url);
  }
  if (store) await coursesTable(store, userId).delete(slug);
}

// ---------------------------------------------------------------------------------------------------
// Hooks

export const downloadKeys = {
  all: ['download'] as const,
  estimate: (slug: string) => [...downloadKeys.all, 'estimate', slug] as const,
};

export function downloadEstimateQuery(slug: string) {
  return queryOptions({
    queryKey: downloadKeys.estimate(slug),
    // Not given the query's signal (issue 26): leaving the course page before the HEADs of its images
    // have answered left them aborted in the console, and the next visit asked again. A HEAD is
    // small; it finishes, and the estimate is kept for the next visit (staleTime). The download
    // itself (downloadCourse) keeps its own abort.
    queryFn: () => estimateDownload(slug),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export type DownloadState =
  | { status: 'checking' }
  | { status: 'none' }
  | { status: 'downloading'; progress: DownloadProgress }
  | { status: 'ready'; record: CourseDownload }
  | { status: 'removing' };

/** The download of one course for the signed-in teacher, with its actions. */
export function useCourseDownload(slug: string, userId: string, online: boolean) {
  // undefined while reading; null: none.
  const record = useLiveQuery(
    async () => readUserDb(userId, async (db) => (await db.downloads.get(slug)) ?? null, null),
    [slug, userId],
  );
  // A record whose images were evicted no longer counts: the teacher downloads it again.
  const [intact, setIntact] = useState<{ record: CourseDownload; ok: boolean } | null>(null);
  useEffect(() => {
    if (!record) return;
    let live = true;
    void isDownloadIntact(record)
      .catch(() => false)
      .then((ok) => {
        if (live) setIntact({ record, ok });
      });
    return () => {
      live = false;
    };
  }, [record]);
  const checked = record && intact?.record === record ? intact.ok : undefined;
  const needsDownload = record === null || checked === false;
  const [running, setRunning] = useState<DownloadProgress | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const estimate = useQuery({ ...downloadEstimateQuery(slug), enabled: online && needsDownload });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async () => {
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ doneBytes: 0, totalBytes: estimate.data?.totalBytes ?? 0, percent: 0 });
    try {
      await downloadCourse(slug, userId, {
        estimate: estimate.data,
        signal: controller.signal,
        onProgress: setRunning,
      });
    } catch (e) {
      if (!controller.signal.aborted) setError(e instanceof Error ? e.message : downloadMessages.failed);
    } finally {
      setRunning(null);
    }
  }, [slug, userId, estimate.data]);

  const remove = useCallback(async () => {
    setError(null);
    setRemoving(true);
    try {
      await removeDownload(slug, userId);
    } catch {
      setError('The download could not be removed. Try again.');
    } finally {
      setRemoving(false);
    }
  }, [slug, userId]);

  let state: DownloadState;
  if (removing) state = { status: 'removing' };
  else if (running) state = { status: 'downloading', progress: running };
  else if (needsDownload) state = { status: 'none' };
  else if (record && checked) state = { status: 'ready', record };
  else state = { status: 'checking' };

  return { state, estimate, error, start, remove };
}
