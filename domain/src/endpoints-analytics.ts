import { AnalyticsBatchRequest, AnalyticsBatchResponse } from './analytics-device.js';
import { endpoint } from './endpoint-core.js';

/**
 * The device's analytics batches (issue 15), sent from every page, a visitor's first included. Its
 * own group of the endpoint table (endpoints.ts spreads it in), so the page's tracker builds this
 * entry's contracts only, not every area's.
 */
export const analyticsEndpoints = {
  analyticsEvents: endpoint({
    method: 'POST',
    path: '/api/analytics/events',
    request: AnalyticsBatchRequest,
    response: AnalyticsBatchResponse,
  }),
} as const;
