import { CatalogueResponse, type CourseSummary } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { networkFirst } from './content-cache';
import { contentDb } from './db';

/** Query keys of the course content (hierarchical: invalidate `contentKeys.all` to refetch it all). */
export const contentKeys = {
  all: ['content'] as const,
  catalogue: () => [...contentKeys.all, 'catalogue'] as const,
  course: (slug: string) => [...contentKeys.all, 'course', slug] as const,
};

/** GET /api/content/catalogue (public): every course with its module summaries, no lesson text. */
export async function fetchCatalogue(signal?: AbortSignal): Promise<CourseSummary[]> {
  return networkFirst(
    async () => (await apiGet('/api/content/catalogue', CatalogueResponse, { signal })).courses,
    (courses) =>
      contentDb().catalogue.put({ key: 'catalogue', courses, fetchedAt: new Date().toISOString() }),
    async () => (await contentDb().catalogue.get('catalogue'))?.courses,
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
