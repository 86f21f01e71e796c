import type { AnalyticsDashboard, AnalyticsTable } from '@pd/domain';
import { csvTable as csv } from '../../csv.js';

function touchRows(touch: AnalyticsDashboard['firstTouch']): (string | number)[][] {
  return (['source', 'medium', 'campaign'] as const).flatMap((dimension) =>
    touch[dimension].map((r) => [dimension, r.value, r.sessions]),
  );
}

/** One table of the dashboard as CSV (RFC 4180). */
export function dashboardCsv(d: AnalyticsDashboard, table: AnalyticsTable): string {
  switch (table) {
    case 'series':
      return csv(
        ['Day', 'Visitors', 'Page views'],
        d.series.map((r) => [r.day, r.visitors, r.pageViews]),
      );
    case 'pages':
      return csv(
        ['Path', 'Page views', 'Average visible seconds'],
        d.topPages.map((r) => [r.path, r.views, r.avgVisibleSeconds]),
      );
    case 'first-touch':
      return csv(['Dimension', 'Value', 'Sessions'], touchRows(d.firstTouch));
    case 'last-touch':
      return csv(['Dimension', 'Value', 'Sessions'], touchRows(d.lastTouch));
    case 'events':
      return csv(
        ['Event', 'Count'],
        d.events.map((r) => [r.name, r.count]),
      );
    case 'conversions':
      return csv(
        ['Type', 'Count', 'Revenue (USD)'],
        d.conversions.map((r) => [r.type, r.count, r.revenue]),
      );
    case 'funnel':
      return csv(
        ['Step', 'Teachers'],
        d.funnel.map((r) => [r.label, r.count]),
      );
  }
}
