import { endpoints, type DevMailboxMessage } from '@pd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/dev/mailbox: the e-mails kept by the dev mailbox (never in production). Newest first. */
export const devMailboxKeys = {
  all: ['dev', 'mailbox'] as const,
};

export async function fetchDevMailbox(signal?: AbortSignal): Promise<DevMailboxMessage[]> {
  const { messages } = await apiGet(endpoints.devMailbox, { signal });
  return [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function devMailboxQueryOptions() {
  return queryOptions({ queryKey: devMailboxKeys.all, queryFn: ({ signal }) => fetchDevMailbox(signal) });
}

export function useDevMailbox() {
  return useQuery(devMailboxQueryOptions());
}
