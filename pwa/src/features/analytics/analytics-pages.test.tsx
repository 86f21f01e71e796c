// @vitest-environment jsdom-api
import { adminMessages } from '@pd/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsQueue, sendQueuedAnalytics, track } from '../../offline/analytics';
import { setupRealApi } from '../../test/real-api';
import { renderWithProviders } from '../../test/render';
import { AnalyticsDashboardPage, trustNotes } from './analytics-dashboard-page';
import { AnalyticsTestPage } from './analytics-test-page';
import { dayAxis, rangeMessages } from './range';

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
    // Not silently: the same Access Denied as /admin, saying why (issue 26).
    expect(await screen.findByText(adminMessages.accessDenied)).toBeVisible();
    expect(screen.getByText(adminMessages.accessDeniedText)).toBeVisible();
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
    // What cannot be trusted says so; money and conversions say where they come from (issue 30 item 1).
    expect(screen.getByText(trustNotes.deviceReported)).toBeVisible();
    const conversions = (await screen.findByRole('heading', { name: 'Conversions' })).closest(
      '.MuiPaper-root',
    ) as HTMLElement;
    expect(within(conversions).getByText(trustNotes.conversions)).toBeVisible();
    const funnel = screen.getByRole('heading', { name: 'Funnel' }).closest('.MuiPaper-root') as HTMLElement;
    expect(within(funnel).getByText(trustNotes.funnel)).toBeVisible();
  });

  it('sends anyone but a super admin home', async () => {
    await api.signedInTeacher({ role: 'license_admin' });
    renderWithProviders(<AnalyticsDashboardPage />, { route: '/admin/analytics', path: '/admin/analytics' });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(await screen.findByText(adminMessages.accessDenied)).toBeVisible();
    expect(screen.getByText(adminMessages.accessDeniedText)).toBeVisible();
  });

  it('keeps the range in the address: a reload or a shared link shows the same range (issue 26)', async () => {
    await api.signedInTeacher({ role: 'superadmin' });
    const { user } = renderWithProviders(<AnalyticsDashboardPage />, {
      route: '/admin/analytics?from=2026-01-05&to=2026-01-20',
      path: '/admin/analytics',
    });
    expect(await screen.findByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-05');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-20');
    await waitFor(() =>
      expect(api.calls('GET /api/admin/analytics').at(-1)?.url).toContain('from=2026-01-05&to=2026-01-20'),
    );
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/analytics?days=7'));
  });

  it('says beside the dates when From is after To and keeps the last good dashboard (issue 26)', async () => {
    await api.signedInTeacher({ role: 'superadmin' });
    const { user } = renderWithProviders(<AnalyticsDashboardPage />, {
      route: '/admin/analytics?from=2026-01-05&to=2026-01-20',
      path: '/admin/analytics',
    });
    expect(await screen.findByRole('heading', { name: 'Top pages' })).toBeInTheDocument();
    const asked = api.calls('GET /api/admin/analytics').length;
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-02-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(rangeMessages.reversed);
    expect(from).toHaveAccessibleDescription(rangeMessages.reversed);
    // The dashboard stays; the api is not asked for a reversed range, so its raw refusal never shows.
    expect(screen.getByRole('heading', { name: 'Top pages' })).toBeInTheDocument();
    expect(screen.queryByText(/from must not be after to/i)).not.toBeInTheDocument();
    expect(api.calls('GET /api/admin/analytics')).toHaveLength(asked);
    expect(screen.getByTestId('location')).toHaveTextContent('from=2026-01-05&to=2026-01-20');
  });
});

describe('the visitors chart’s x axis', () => {
  it('labels days with short dates, at most about eight of them, and the full date in the tooltip', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    const axis = dayAxis(days);
    const tick = { location: 'tick' } as Parameters<NonNullable<typeof axis.valueFormatter>>[1];
    const tooltip = { location: 'tooltip' } as Parameters<NonNullable<typeof axis.valueFormatter>>[1];
    expect(axis.valueFormatter?.('2026-11-03', tick)).toBe('Nov 3');
    expect(axis.valueFormatter?.('2026-11-03', tooltip)).toBe('Tue, Nov 3, 2026');
    const interval = axis.tickInterval as (value: string, index: number) => boolean;
    expect(days.filter((d, i) => interval(d, i)).length).toBeLessThanOrEqual(8);
  });
});
