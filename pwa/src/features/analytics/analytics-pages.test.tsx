// @vitest-environment jsdom-api
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsQueue, sendQueuedAnalytics, track } from '../../offline/analytics';
import { setupRealApi } from '../../test/real-api';
import { renderWithProviders } from '../../test/render';
import { AnalyticsDashboardPage } from './analytics-dashboard-page';
import { AnalyticsTestPage } from './analytics-test-page';

/** The analytics screens against the real api. */
const api = setupRealApi();

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await analyticsQueue().events.clear();
});

describe('/analytics-test', () => {
  it('sends anyone but a super admin home', async () => {
    await api.signedInTeacher({ role: 'premium' });
    renderWithProviders(<AnalyticsTestPage />, { route: '/analytics-test', path: '/analytics-test' });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('shows the attribution, fires a test event and shows its delivery', async () => {
    await api.signedInTeacher({ role: 'superadmin' });
    sessionStorage.setItem(
      'pd-attribution',
      JSON.stringify({ utm_source: 'newsletter', utm_campaign: 'fall' }),
    );
    const { user } = renderWithProviders(<AnalyticsTestPage />, {
      route: '/analytics-test',
      path: '/analytics-test',
    });
    const attribution = await screen.findByRole('table', { name: 'Attribution data' });
    expect(within(attribution).getByText('newsletter')).toBeInTheDocument();
    expect(within(attribution).getByText('fall')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fire test event' }));
    const log = await screen.findByRole('table', { name: 'Last 10 events' });
    await waitFor(() => expect(within(log).getByText('sent')).toBeInTheDocument());
    expect(within(log).getByText('test_event')).toBeInTheDocument();
    expect(api.calls('POST /api/analytics/events')).toHaveLength(1);
  });
});

describe('/admin/analytics', () => {
  it('shows a super admin the figures the api counted', async () => {
    await api.signedInTeacher({ role: 'superadmin' });
    await track('page_view', {}, { path: '/faq', userId: null });
    await track('page_view', {}, { path: '/faq', userId: null });
    await sendQueuedAnalytics();
    renderWithProviders(<AnalyticsDashboardPage />, { route: '/admin/analytics', path: '/admin/analytics' });
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    const pages = await screen.findByRole('heading', { name: 'Top pages' });
    const section = pages.closest('.MuiPaper-root') as HTMLElement;
    await waitFor(() => expect(within(section).getByText('/faq')).toBeInTheDocument());
    expect(within(section).getAllByRole('row')[1]).toHaveTextContent('/faq2');
    expect(within(section).getByRole('link', { name: 'CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(
        /^\/api\/admin\/analytics\/export\/pages\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
      ),
    );
  });

  it('sends anyone but a super admin home', async () => {
    await api.signedInTeacher({ role: 'license_admin' });
    renderWithProviders(<AnalyticsDashboardPage />, { route: '/admin/analytics', path: '/admin/analytics' });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });
});
