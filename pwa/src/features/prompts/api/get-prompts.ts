import { endpoints, type PromptCategoryView } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/prompts: every category with every prompt's heading; premium texts only for premium
 * access (`prompt: null, locked: true` otherwise). Keyed by who asks, so signing in or upgrading
 * never shows a library fetched for someone else.
 */
export const promptKeys = {
  all: ['prompts'] as const,
  library: (viewer: string) => [...promptKeys.all, 'library', viewer] as const,
};

export async function fetchPromptLibrary(signal?: AbortSignal): Promise<PromptCategoryView[]> {
  const { categories } = await apiGet(endpoints.prompts, { signal });
  return [...categories].sort((a, b) => a.order - b.order);
}

export function promptLibraryQueryOptions(viewer: string) {
  return queryOptions({
    queryKey: promptKeys.library(viewer),
    queryFn: ({ signal }) => fetchPromptLibrary(signal),
  });
}

/** `viewer` names the signed-in user and role ('anonymous' when signed out). */
export function usePromptLibrary(viewer: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...promptLibraryQueryOptions(viewer), enabled });
}
