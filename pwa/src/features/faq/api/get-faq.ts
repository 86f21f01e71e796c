import { endpoints, type FaqSection } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/content/faq: the six sections of spec section 3, in order. */
export const faqKeys = {
  all: ['content', 'faq'] as const,
};

export async function fetchFaq(signal?: AbortSignal): Promise<FaqSection[]> {
  const { sections } = await apiGet(endpoints.faq, { signal });
  return sections;
}

export function faqQueryOptions() {
  return queryOptions({ queryKey: faqKeys.all, queryFn: ({ signal }) => fetchFaq(signal) });
}

export function useFaq() {
  return useQuery(faqQueryOptions());
}
