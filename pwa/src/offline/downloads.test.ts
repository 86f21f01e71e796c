import { swCaches, type Course, type Template } from '@pd/domain';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCourse, buildCourseSummary } from '../test/course-fixtures';
import { jsonResponse } from '../test/render';
import { contentDb, deleteContentDb, deleteUserDb, userDb, userDbName } from './db';
import { fetchTemplate, fetchTemplateList } from './templates';
import {
  DownloadError,
  downloadCourse,
  downloadEstimateQuery,
  downloadMessages,
  estimateDownload,
  formatSize,
  imagesCacheName,
  removeDownload,
  type DownloadProgress,
} from './downloads';
import { wipeUserData } from './sign-out';

/** A Cache Storage in memory; `add` fetches through the stubbed fetch like the real one. */
class FakeCache {
  readonly entries = new Map<string, Response>();
  /** Throws QuotaExceededError once this many entries are stored. */
  capacity = Infinity;
  /** URLs whose add "succeeds" without storing anything (a broken cache, for verify). */
  readonly dropped = new Set<string>();

  async match(url: string): Promise<Response | undefined> {
    return this.entries.get(url)?.clone();
  }
  async add(url: string): Promise<void> {
    const res = await fetch(url);
    if (!res.ok) throw new TypeError(`Request failed: ${res.status}`);
    if (this.entries.size >= this.capacity)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    if (!this.dropped.has(url)) this.entries.set(url, res);
  }
  async delete(url: string): Promise<boolean> {
    return this.entries.delete(url);
  }
}

class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();
  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }
  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }
  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
}

const imageSize = 20_000;
let cacheStorage: FakeCacheStorage;
let images: FakeCache;
let persist: ReturnType<typeof vi.fn>;
let freeSpace: number;
let userId = '';
let userCount = 0;

/** Two templates: one used by module 2 of the course downloaded, one by another course only. */
function templatesFor(course: Course): Template[] {
  return [
    {
      slug: 'pilot-log',
      title: 'Pilot Log',
      description: 'A log.',
      usedIn: [`${course.slug}/2`],
      markdown: '## Week 1\n\n| Day | Note |\n| --- | --- |\n| | |',
    },
    {
      slug: 'other',
      title: 'Other',
      description: 'Elsewhere.',
      usedIn: ['another-course/1'],
      markdown: '## Other',
    },
  ];
}

function stubNetwork(course: Course, { templates = 'allowed' as 'allowed' | 'refused' } = {}) {
  const body = JSON.stringify({ course });
  const allTemplates = templatesFor(course);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    if (url === `/api/content/courses/${course.slug}`)
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/templates')
      return jsonResponse(200, {
        templates: allTemplates.map(({ slug, title, description, usedIn }) => ({
          slug,
          title,
          description,
          usedIn,
        })),
      });
    const template = allTemplates.find((t) => url === `/api/templates/${t.slug}`);
    if (template && templates === 'refused')
      return jsonResponse(403, { error: `"${template.title}" is available to premium subscribers only.` });
    if (template) return jsonResponse(200, { template });
    if (url.startsWith('/images/'))
      return new Response(method === 'HEAD' ? null : 'x'.repeat(imageSize), {
        status: 200,
        headers: { 'Content-Type': 'image/svg+xml', 'Content-Length': String(imageSize) },
      });
    return jsonResponse(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, jsonBytes: new TextEncoder().encode(body).byteLength };
}

function freeCourse(): Course {
  return buildCourse(buildCourseSummary());
}

function premiumCourse(): Course {
  return buildCourse(buildCourseSummary({ slug: 'prompt-engineering', isPremium: true }));
}

beforeEach(async () => {
  // The shared content database may hold another file's courses (the project's files share a page).
  await deleteContentDb();
  userCount += 1;
  userId = `downloads-user-${userCount}`;
  cacheStorage = new FakeCacheStorage();
  images = await cacheStorage.open(imagesCacheName);
  vi.stubGlobal('caches', cacheStorage);
  persist = vi.fn(async () => true);
  freeSpace = 500_000_000;
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: async () => ({ quota: freeSpace + 1000, usage: 1000 }),
      persisted: async () => false,
      persist,
    },
  });
});

afterEach(async () => {
  await deleteUserDb(userId);
  await deleteContentDb();
});

describe('estimateDownload', () => {
  it('adds the course JSON to the Content-Length of each image, before anything is stored', async () => {
    const course = freeCourse();
    const { fetchMock, jsonBytes } = stubNetwork(course);

    const estimate = await estimateDownload(course.slug);

    expect(estimate.courseBytes).toBe(jsonBytes);
    expect(estimate.totalBytes).toBe(jsonBytes + 3 * imageSize);
    const heads = fetchMock.mock.calls.filter(([, init]) => init?.method === 'HEAD');
    expect(heads.map(([url]) => url)).toEqual(course.modules.map((m) => m.image));
    expect(images.entries.size).toBe(0);
    expect(await contentDb().courses.get(course.slug)).toBeUndefined();
  });

  it('lets the HEADs of the images finish when the page that asked is left (issue 26: no aborted HEADs)', async () => {
    const course = freeCourse();
    const { fetchMock } = stubNetwork(course);
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, downloadEstimateQuery(course.slug));
    const leave = observer.subscribe(() => {});
    // The teacher leaves the course page at once: its only observer goes.
    leave();
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(downloadEstimateQuery(course.slug).queryKey)?.status).toBe('success'),
    );
    const heads = fetchMock.mock.calls.filter(([, init]) => init?.method === 'HEAD');
    expect(heads).toHaveLength(course.modules.length);
    expect(heads.some(([, init]) => init?.signal?.aborted)).toBe(false);
    // Kept for the next visit: no second round of HEADs.
    await queryClient.ensureQueryData(downloadEstimateQuery(course.slug));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'HEAD')).toHaveLength(heads.length);
  });

  it('formats the size for the button', () => {
    expect(formatSize(1_234_567)).toBe('≈ 1.2 MB');
    expect(formatSize(84_600)).toBe('≈ 85 KB');
    expect(formatSize(12)).toBe('≈ 1 KB');
  });
});

describe('downloadCourse', () => {
  it('stores a free course in the shared database and its images in pd-images, reporting progress', async () => {
    const course = freeCourse();
    const { jsonBytes } = stubNetwork(course);
    const progress: DownloadProgress[] = [];

    const record = await downloadCourse(course.slug, userId, { onProgress: (p) => progress.push(p) });

    const total = jsonBytes + 3 * imageSize;
    expect(progress.map((p) => p.doneBytes)).toEqual([
      0,
      jsonBytes,
      jsonBytes + imageSize,
      jsonBytes + 2 * imageSize,
      total,
    ]);
    expect(progress.at(-1)).toEqual({ doneBytes: total, totalBytes: total, percent: 100 });
    expect(record).toMatchObject({
      courseSlug: course.slug,
      bytes: total,
      moduleIds: [1, 2, 3],
      store: 'content',
    });
    expect(await userDb(userId).downloads.get(course.slug)).toEqual(record);
    expect((await contentDb().courses.get(course.slug))?.course.modules).toHaveLength(3);
    expect(await userDb(userId).courses.get(course.slug)).toBeUndefined();
    expect([...images.entries.keys()].sort()).toEqual(course.modules.map((m) => m.image).sort());
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it("keeps a premium course's lessons in the teacher's own database only", async () => {
    const course = premiumCourse();
    stubNetwork(course);

    const record = await downloadCourse(course.slug, userId);

    expect(record.store).toBe('user');
    expect((await userDb(userId).courses.get(course.slug))?.course.slug).toBe(course.slug);
    expect(await contentDb().courses.get(course.slug)).toBeUndefined();
  });

  it("stores the templates the course's modules use in the teacher's database, readable offline", async () => {
    const course = premiumCourse();
    const { fetchMock } = stubNetwork(course);

    const record = await downloadCourse(course.slug, userId);

    expect(record.templates).toEqual(['pilot-log']);
    expect((await userDb(userId).templates.toArray()).map((row) => row.slug)).toEqual(['pilot-log']);
    // Offline: the list and the template come from the device.
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await fetchTemplateList(userId)).toEqual([
      { slug: 'pilot-log', title: 'Pilot Log', description: 'A log.', usedIn: [`${course.slug}/2`] },
    ]);
    expect((await fetchTemplate('pilot-log', userId)).markdown).toContain('| Day | Note |');
  });

  it('downloads the course without templates for a teacher they are refused to (403)', async () => {
    const course = freeCourse();
    stubNetwork(course, { templates: 'refused' });

    const record = await downloadCourse(course.slug, userId);

    expect(record.templates).toEqual([]);
    expect(await userDb(userId).templates.count()).toBe(0);
    expect(await userDb(userId).downloads.get(course.slug)).toEqual(record);
  });

  it('never marks a course ready when verification finds an image missing, and rolls back', async () => {
    const course = freeCourse();
    stubNetwork(course);
    images.dropped.add(course.modules[1]!.image!);

    const attempt = downloadCourse(course.slug, userId);

    await expect(attempt).rejects.toThrow(DownloadError);
    await expect(attempt).rejects.toThrow(downloadMessages.verifyFailed);
    expect(await userDb(userId).downloads.get(course.slug)).toBeUndefined();
    expect(await contentDb().courses.get(course.slug)).toBeUndefined();
    expect(images.entries.size).toBe(0);
    expect(await userDb(userId).templates.count()).toBe(0);
    expect(persist).not.toHaveBeenCalled();
  });

  it('says there is not enough space on a QuotaExceededError and leaves nothing half-stored', async () => {
    const course = freeCourse();
    stubNetwork(course);
    images.capacity = 1;

    await expect(downloadCourse(course.slug, userId)).rejects.toThrow(downloadMessages.notEnoughSpace);

    expect(await userDb(userId).downloads.get(course.slug)).toBeUndefined();
    expect(await contentDb().courses.get(course.slug)).toBeUndefined();
    expect(images.entries.size).toBe(0);
  });

  it('refuses before storing anything when the estimate shows too little free space', async () => {
    const course = freeCourse();
    stubNetwork(course);
    freeSpace = 10_000;

    await expect(downloadCourse(course.slug, userId)).rejects.toThrow(
      'Not enough storage space on this device to download this course. Free up space and try again.',
    );

    expect(await contentDb().courses.get(course.slug)).toBeUndefined();
    expect(images.entries.size).toBe(0);
  });

  it('keeps what a visit had stored when a download fails', async () => {
    const course = freeCourse();
    stubNetwork(course);
    const visited = course.modules[0]!.image!;
    await contentDb().courses.put({ slug: course.slug, course, fetchedAt: '2025-01-01T00:00:00.000Z' });
    await images.add(visited);
    images.capacity = 2;

    await expect(downloadCourse(course.slug, userId)).rejects.toThrow(downloadMessages.notEnoughSpace);

    expect(await contentDb().courses.get(course.slug)).toBeDefined();
    expect([...images.entries.keys()]).toEqual([visited]);
    expect(await userDb(userId).downloads.get(course.slug)).toBeUndefined();
  });

  it('reports a lost connection as such', async () => {
    const course = freeCourse();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    await expect(downloadCourse(course.slug, userId)).rejects.toThrow(downloadMessages.offline);
  });
});

describe('removeDownload', () => {
  it('frees the images and the content and forgets the record', async () => {
    const course = premiumCourse();
    stubNetwork(course);
    await downloadCourse(course.slug, userId);
    expect(images.entries.size).toBe(3);

    await removeDownload(course.slug, userId);

    expect(await userDb(userId).downloads.get(course.slug)).toBeUndefined();
    expect(await userDb(userId).courses.get(course.slug)).toBeUndefined();
    expect(images.entries.size).toBe(0);
  });
});

describe('sign-out on a shared device', () => {
  it("deletes the caches that hold the teacher's downloaded premium images and the api answers they read", async () => {
    const course = premiumCourse();
    stubNetwork(course);
    await downloadCourse(course.slug, userId);
    expect(images.entries.size).toBe(course.modules.length);
    const answers = await cacheStorage.open(swCaches.publicApi);
    answers.entries.set('/api/prompts', new Response('{"categories":[]}'));

    await wipeUserData(userId, new QueryClient());

    expect(await cacheStorage.keys()).toEqual([]);
    expect(await Dexie.exists(userDbName(userId))).toBe(false);
  });
});
