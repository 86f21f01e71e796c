import { endpoints, type LegalPageName, type LegalPageResponse } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/content/legal/{terms|privacy}: {title, lastUpdated (YYYY-MM-DD), markdown}. */
export const legalKeys = {
  all: ['content', 'legal'] as const,
  page: (page: LegalPageName) => [...legalKeys.all, page] as const,
};

export function fetchLegalPage(page: LegalPageName, signal?: AbortSignal): Promise<LegalPageResponse> {
  return apiGet(endpoints.legalPage, { params: { page }, signal });
}

export function legalPageQueryOptions(page: LegalPageName) {
  return queryOptions({
    queryKey: legalKeys.page(page),
    queryFn: ({ signal }) => fetchLegalPage(page, signal),
  });
}

export function useLegalPage(page: LegalPageName) {
  return useQuery(legalPageQueryOptions(page));
}
