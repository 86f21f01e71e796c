import { type AnalyticsTable, endpoints } from '@pd/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, urlOf } from '../../../lib/api-client';

/** A dashboard range: inclusive UTC days. */
export interface DayRange {
  from: string;
  to: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function lastDays(days: number, now = new Date()): DayRange {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * 86_400_000)), to: isoDay(now) };
}

/** GET /api/admin/analytics for the range (super admins; fresh on each range). */
export function useAnalyticsDashboard(range: DayRange, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'analytics', range.from, range.to],
    queryFn: ({ signal }) => apiGet(endpoints.adminAnalytics, { query: { ...range }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Where one table's CSV is downloaded. */
export const analyticsCsvUrl = (table: AnalyticsTable, range: DayRange): string =>
  urlOf(endpoints.adminAnalyticsCsv, { params: { table }, query: { ...range } });
