import { addCompleted, unionCompleted, type ProgressRecord } from '@pd/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useMe } from './get-me';
import type { LocalProgress } from './db';
import { progressKeys } from './progress-keys';

/**
 * Completed modules per course slug (device union server), for the catalogue; {} when signed out.
 * Light on purpose (no Dexie, no zod in the home page's first load): the device's rows are watched
 * through a dynamically imported Dexie live query, and GET /api/progress is fetched (and validated
 * with the shared schema) by the lazily imported progress module. The cards show the union as soon
 * as each part answers.
 */
export function useAllProgress(): Record<string, number[]> {
  const userId = useMe().data?.id;
  const [local, setLocal] = useState<{ userId: string; rows: LocalProgress[] } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./progress-live').then(({ watchAllLocalProgress }) => {
      if (cancelled) return;
      stop = watchAllLocalProgress(userId, (rows) => setLocal({ userId, rows }));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);

  const server = useQuery({
    queryKey: progressKeys.list(),
    queryFn: async ({ signal }): Promise<ProgressRecord[]> =>
      (await import('./progress')).fetchProgress(undefined, signal),
    enabled: Boolean(userId),
  });

  const rows = userId && local?.userId === userId ? local.rows : undefined;
  return useMemo(() => {
    const result: Record<string, number[]> = {};
    for (const row of rows ?? []) result[row.courseSlug] = unionCompleted(row.completedModules);
    for (const r of server.data ?? []) {
      if (r.completed) result[r.courseSlug] = addCompleted(result[r.courseSlug] ?? [], r.moduleId);
    }
    return result;
  }, [rows, server.data]);
}
