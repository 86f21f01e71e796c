import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMe } from '../../../offline/get-me';

/** The device store (and Dexie) load with the first template asked for, not with the app's first screen. */
const offlineTemplates = () => import('../../../offline/templates');

/**
 * GET /api/templates and GET /api/templates/:slug, network first with the device's copy offline
 * (offline/templates.ts). Keyed by user: a template fetched for one teacher is never shown to another.
 */
export const templateKeys = {
  all: ['templates'] as const,
  list: (userId: string) => [...templateKeys.all, 'list', userId] as const,
  detail: (userId: string, slug: string) => [...templateKeys.all, 'detail', userId, slug] as const,
};

export function templateListQuery(userId: string) {
  return queryOptions({
    queryKey: templateKeys.list(userId),
    queryFn: async ({ signal }) => (await offlineTemplates()).fetchTemplateList(userId, signal),
    networkMode: 'offlineFirst',
    staleTime: 5 * 60_000,
  });
}

export function templateQuery(userId: string, slug: string) {
  return queryOptions({
    queryKey: templateKeys.detail(userId, slug),
    queryFn: async ({ signal }) => (await offlineTemplates()).fetchTemplate(slug, userId, signal),
    networkMode: 'offlineFirst',
    retry: false,
  });
}

/** Every template's heading, for the signed-in user (not run signed out). */
export function useTemplateList() {
  const userId = useMe().data?.id ?? '';
  return useQuery({ ...templateListQuery(userId), enabled: userId !== '' });
}

/** One template with its body; a 403 ApiError for users who are not entitled to it. */
export function useTemplate(slug: string) {
  const userId = useMe().data?.id ?? '';
  return useQuery({ ...templateQuery(userId, slug), enabled: userId !== '' && slug !== '' });
}
