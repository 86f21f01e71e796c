import { randomUUID } from 'node:crypto';
import { type AnalyticsDashboard, type Role, roles } from '@pd/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { latestToken, signedInClientPerRole, signIn } from '../../test/auth-helpers.js';
import type { TestClient } from '../../test/client.js';
import { uniqueEmail } from '../../test/factories.js';
import { type PaymentsTestBed, startPaymentsTestBed, subscribe } from '../../test/fake-stripe.js';
import { completeModules, freeCourse } from '../../test/learning.js';
import { analyticsForbidden } from './service.js';

let bed: PaymentsTestBed;
let app: TestApp;
let clients: Record<Role, TestClient>;
let signedUpId: string;
const browser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const range = `?from=${day(-1)}&to=${day(0)}`;

beforeAll(async () => {
  bed = await startPaymentsTestBed();
  app = bed.app;
  clients = await signedInClientPerRole(app);
  const at = () => new Date(Date.now() - 1000).toISOString();
  const e = (name: string, props: Record<string, unknown>, over: Record<string, unknown>) => ({
    id: randomUUID(),
    name,
    at: at(),
    path: '/',
    userId: 'anonymous',
    props,
    ...over,
  });
  const send = async (client: TestClient, events: unknown[], ua = browser) => {
    const res = await client.request('POST', '/api/analytics/events', {
      json: { events },
      headers: { 'user-agent': ua },
    });
    if (res.status !== 200) throw new Error(`ingest answered ${res.status} ${res.text}`);
  };
  const a = { sessionId: randomUUID(), deviceId: randomUUID() };
  const b = { sessionId: randomUUID(), deviceId: randomUUID() };
  const fall = { utm_source: 'newsletter', utm_campaign: 'fall' };
  const visitor = app.client();
  await send(visitor, [
    e('session_started', { attribution: fall, firstTouch: fall }, a),
    e('page_view', {}, a),
    e('time_on_page', { seconds: 20 }, a),
    e('page_view', {}, { ...a, path: '/prompts' }),
    e('time_on_page', { seconds: 40 }, { ...a, path: '/prompts' }),
    e('session_started', { attribution: { referrer: 'https://www.google.com' }, firstTouch: fall }, b),
    e('page_view', {}, b),
    e('time_on_page', { seconds: 10 }, b),
  ]);
  // A bot's visit is not counted.
  await send(
    app.client(),
    [e('page_view', {}, { sessionId: randomUUID(), deviceId: randomUUID() })],
    'curl/8.5.0',
  );

  // Visitor A signs up with the first touch, verifies, and goes through the funnel.
  const email = uniqueEmail('funnel');
  const register = await visitor.post('/api/auth/register', {
    name: 'Fay Funnel',
    email,
    password: 'long enough password',
    acceptTerms: true,
    attribution: fall,
  });
  expect(register.status).toBe(201);
  const token = await latestToken(app, email, '/api/auth/verify-email');
  await visitor.get(`/api/auth/verify-email?token=${token}`);
  const me = await signIn(visitor, email, 'long enough password');
  signedUpId = me.body.id;
  // What the server records: the teacher opens a free course, completes it, and buys the annual plan.
  expect((await visitor.get(`/api/content/courses/${freeCourse}`)).status).toBe(200);
  await completeModules(visitor, freeCourse, 'all');
  await subscribe(bed, visitor, 'annual');
  // What the device claims on top: its events count as events, never as money or conversions.
  const mine = { ...a, userId: signedUpId };
  await send(visitor, [
    e('module_started', { courseSlug: freeCourse, moduleId: 1 }, mine),
    e('module_started', { courseSlug: freeCourse, moduleId: 2 }, mine),
    e('course_completion', { courseSlug: freeCourse }, mine),
    e('checkout_initiated', { planType: 'annual', value: 99, currency: 'USD' }, mine),
    e('conversion', { type: 'course_enrollment', value: 0, currency: 'USD' }, mine),
    e(
      'conversion',
      {
        type: 'purchase',
        value: 99_999,
        currency: 'USD',
        items: ['AI Classroom Academy Annual Subscription'],
      },
      mine,
    ),
  ]);
  // Visitor B, anonymous, claims purchases of its own.
  await send(
    app.client(),
    Array.from({ length: 50 }, () =>
      e(
        'conversion',
        { type: 'purchase', value: 99_999, currency: 'USD' },
        { ...b, sessionId: randomUUID() },
      ),
    ),
  );
});
afterAll(() => bed.close());

describe('GET /api/admin/analytics', () => {
  it('shows the seeded figures to a super admin', async () => {
    const res = await clients.superadmin.get<AnalyticsDashboard>(`/api/admin/analytics${range}`);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.totals).toEqual({ visitors: 2, sessions: 2, pageViews: 3, avgVisibleSeconds: 23.3 });
    expect(d.series.map((s) => s.day)).toEqual([day(-1), day(0)]);
    expect(d.series.reduce((n, s) => n + s.pageViews, 0)).toBe(3);
    expect(d.topPages).toEqual([
      { path: '/', views: 2, avgVisibleSeconds: 15 },
      { path: '/prompts', views: 1, avgVisibleSeconds: 40 },
    ]);
    expect(d.firstTouch.source).toEqual([{ value: 'newsletter', sessions: 2 }]);
    expect(d.firstTouch.campaign).toEqual([{ value: 'fall', sessions: 2 }]);
    expect(d.lastTouch.source).toEqual([
      { value: 'newsletter', sessions: 1 },
      { value: 'www.google.com', sessions: 1 },
    ]);
    expect(d.lastTouch.medium).toEqual([
      { value: '(none)', sessions: 1 },
      { value: 'referral', sessions: 1 },
    ]);
    expect(d.events).toEqual(
      expect.arrayContaining([
        { name: 'page_view', count: 3 },
        { name: 'session_started', count: 2 },
        { name: 'module_started', count: 2 },
        { name: 'conversion', count: 52 },
      ]),
    );
    // Money and conversions are the server's records (issue 30 item 1): one annual plan bought, one
    // free course opened (the teacher's first: a free trial), whatever the devices claimed.
    expect(d.conversions).toEqual([
      { type: 'purchase', count: 1, revenue: 99 },
      { type: 'course_enrollment', count: 1, revenue: 0 },
      { type: 'free_trial', count: 1, revenue: 0 },
    ]);
    expect(d.funnel.map((f) => [f.label, f.count])).toEqual([
      ['Visit', 2],
      ['Sign-up', 1],
      ['Verified', 1],
      ['First module started', 1],
      ['Course completed', 1],
      ['Checkout initiated', 1],
      ['Purchase', 1],
    ]);
  });

  it('keeps the first touch of the sign-up on the new account', async () => {
    const result = await app.db.execute(
      sql`SELECT source, medium, campaign FROM analytics_user_attribution WHERE user_id = ${signedUpId}`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { source: 'newsletter', medium: null, campaign: 'fall' },
    ]);
  });

  it('counts nothing outside the range', async () => {
    const res = await clients.superadmin.get<AnalyticsDashboard>(
      `/api/admin/analytics?from=${day(-20)}&to=${day(-10)}`,
    );
    expect(res.body.totals).toEqual({ visitors: 0, sessions: 0, pageViews: 0, avgVisibleSeconds: 0 });
    expect(res.body.funnel.every((f) => f.count === 0)).toBe(true);
    expect(res.body.series).toHaveLength(11);
  });

  it('is for super admins only', async () => {
    expect((await app.client().get(`/api/admin/analytics${range}`)).status).toBe(401);
    for (const role of roles.filter((r) => r !== 'superadmin')) {
      const res = await clients[role].get(`/api/admin/analytics${range}`);
      expect(res.status, role).toBe(403);
      expect(res.body).toMatchObject({ error: analyticsForbidden });
      expect((await clients[role].get(`/api/admin/analytics/export/funnel${range}`)).status).toBe(403);
    }
  });

  it('answers a bad range with a message', async () => {
    const res = await clients.superadmin.get(`/api/admin/analytics?from=${day(0)}&to=${day(-3)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'from must not be after to' });
    expect((await clients.superadmin.get('/api/admin/analytics')).status).toBe(400);
  });

  it('exports each table as CSV', async () => {
    const funnel = await clients.superadmin.get(`/api/admin/analytics/export/funnel${range}`);
    expect(funnel.status).toBe(200);
    expect(funnel.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(funnel.headers.get('content-disposition')).toContain(
      `analytics-funnel-${day(-1)}-to-${day(0)}.csv`,
    );
    expect(funnel.text).toBe(
      'Step,Teachers\r\nVisit,2\r\nSign-up,1\r\nVerified,1\r\nFirst module started,1\r\nCourse completed,1\r\nCheckout initiated,1\r\nPurchase,1\r\n',
    );
    const pages = await clients.superadmin.get(`/api/admin/analytics/export/pages${range}`);
    expect(pages.text).toBe('Path,Page views,Average visible seconds\r\n/,2,15\r\n/prompts,1,40\r\n');
    const touch = await clients.superadmin.get(`/api/admin/analytics/export/last-touch${range}`);
    expect(touch.text).toContain('source,www.google.com,1\r\n');
    expect((await clients.superadmin.get(`/api/admin/analytics/export/nope${range}`)).status).toBe(404);
  });
});

describe('the CSV and formulas (issue 30 item 10)', () => {
  it("defuses a path a spreadsheet would run as a formula, whether it splits on ',' or ';'", async () => {
    const at = new Date(Date.now() - 25 * 86_400_000).toISOString();
    const device = { sessionId: randomUUID(), deviceId: randomUUID(), userId: 'anonymous', at, props: {} };
    const res = await app.client().request('POST', '/api/analytics/events', {
      json: { events: [{ ...device, id: randomUUID(), name: 'page_view', path: '/x;=1+1' }] },
      headers: { 'user-agent': browser },
    });
    expect(res.status).toBe(200);
    const pages = await clients.superadmin.get(
      `/api/admin/analytics/export/pages?from=${day(-25)}&to=${day(-25)}`,
    );
    expect(pages.text).toBe(`Path,Page views,Average visible seconds\r\n"/x;'=1+1",1,0\r\n`);
  });
});
