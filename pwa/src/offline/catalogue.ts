import { firstLoadEndpoints, type CourseSummary } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { networkFirst } from './content-cache';
import { afterFirstScreen } from '../lib/idle';

/** Query keys of the course content (hierarchical: invalidate `contentKeys.all` to refetch it all). */
export const contentKeys = {
  all: ['content'] as const,
  catalogue: () => [...contentKeys.all, 'catalogue'] as const,
  /** A course as `userId` reads it (premium copies live in the user's own database). */
  course: (slug: string, userId: string | null) => [...contentKeys.all, 'course', slug, userId] as const,
};

const loadDb = () => import('./db');

/** Keeps the catalogue on the device for offline use, once the first screen is up (never throws). */
export async function storeCatalogue(courses: CourseSummary[]): Promise<void> {
  await afterFirstScreen();
  const { contentDb } = await loadDb();
  await contentDb()
    .catalogue.put({ key: 'catalogue', courses, fetchedAt: new Date().toISOString() })
    .catch((error: unknown) => console.warn('Could not cache content on the device', error));
}

/**
 * GET /api/content/catalogue (public): every course with its module summaries, no lesson text.
 * Checked with `CatalogueResponse` (a zod/mini contract, decision 021), and kept on the device in
 * the background: the home page does not wait for classic zod, Dexie or IndexedDB.
 */
export async function fetchCatalogue(signal?: AbortSignal): Promise<CourseSummary[]> {
  return networkFirst(
    async () => (await apiGet(firstLoadEndpoints.catalogue, { signal })).courses,
    (courses) => {
      void storeCatalogue(courses);
      return Promise.resolve();
    },
    async () => (await (await loadDb()).contentDb().catalogue.get('catalogue'))?.courses,
  );
}

export function catalogueQuery() {
  return queryOptions({
    queryKey: contentKeys.catalogue(),
    queryFn: ({ signal }) => fetchCatalogue(signal),
    // Run the query function offline too: it answers from the device's copy.
    networkMode: 'offlineFirst',
  });
}

export function useCatalogue() {
  return useQuery(catalogueQuery());
}
