import { QueryClient } from '@tanstack/react-query';

/**
 * The data cache exactly as spec section 7: queries never go stale, no refetch on focus,
 * no polling, no retries (queries and mutations, nor on mount), unused data kept 5 minutes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // A failed query is not fetched again just because another component mounts it
        // (otherwise a failing GET /api/auth/me would loop between 'Loading' and the page).
        retryOnMount: false,
      },
      mutations: { retry: false },
    },
  });
}
