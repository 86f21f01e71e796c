import type { AnalyticsDashboard, AnalyticsTable } from '@pd/domain';

const csvCell = (value: string | number): string => {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const csv = (header: string[], rows: (string | number)[][]): string =>
  [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

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
