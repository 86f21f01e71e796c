import { randomUUID } from 'node:crypto';
import { type AnalyticsBatchResponse, analyticsReasons } from '@pd/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signedInTeacher, type Teacher } from '../../test/learning.js';
import { batchTooLarge } from './routes.js';

let app: TestApp;
let teacher: Teacher;
const windowMs = 60_000;
beforeAll(async () => {
  app = await startTestApp({
    rateLimits: {
      analyticsEvents: { perIp: { limit: 1000, windowMs }, perAccount: { limit: 25, windowMs } },
    },
  });
  teacher = await signedInTeacher(app);
});
afterAll(() => app.close());

const path = '/api/analytics/events';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function event(name: string, props: Record<string, unknown> = {}, over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    name,
    at: new Date(app.clock.now().getTime() - 60_000).toISOString(),
    sessionId: randomUUID(),
    deviceId: randomUUID(),
    userId: 'anonymous',
    path: '/',
    props,
    ...over,
  };
}

function send(events: unknown[], client = app.client(), headers: Record<string, string> = {}) {
  return client.request<AnalyticsBatchResponse & { error?: string }>('POST', path, {
    json: { events },
    headers: { 'user-agent': browser, ...headers },
  });
}

type Row = { id: string; name: string; occurred_at: Date | string; user_id: string | null };
async function rows(ids: string[]): Promise<Row[]> {
  const result = await app.db.execute(
    sql`SELECT id, name, occurred_at, user_id FROM analytics_events WHERE id IN ${ids}`,
  );
  return (result as unknown as { rows: Row[] }).rows;
}

describe('POST /api/analytics/events', () => {
  it('answers per event: accepted, rejected with a reason, duplicate within the batch', async () => {
    const good = event('page_view', {}, { path: '/prompts' });
    const unknown = event('mystery');
    const typed = event('quiz_attempted', { courseSlug: 'ai-basics', moduleId: 1, answers: [2] });
    const res = await send([good, unknown, typed, good]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: good.id, status: 'accepted' },
      { id: unknown.id, status: 'rejected', reason: analyticsReasons.unknownName },
      { id: typed.id, status: 'rejected', reason: expect.stringMatching(/^props: /) },
      { id: good.id, status: 'duplicate' },
    ]);
    expect((await rows([good.id, unknown.id, typed.id])).map((r) => r.id)).toEqual([good.id]);
  });

  it('rejects a whole batch only when it is not a batch: empty, over 100 events, over 64 KB', async () => {
    expect((await send([])).status).toBe(400);
    const many = Array.from({ length: 101 }, () => event('faq_visit'));
    const tooMany = await send(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('Send at most 100 events at a time');
    const big = Array.from({ length: 90 }, () =>
      event(
        'course_access_prompt',
        { courseSlug: 'ai-basics', courseTitle: 'x'.repeat(200) },
        { path: `/${'p'.repeat(290)}` },
      ),
    );
    const tooBig = await send(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe(batchTooLarge);
    expect(await rows(big.map((e) => e.id))).toEqual([]);
  });

  it('applies each event once under 20 parallel replays of the same batch', async () => {
    const batch = [event('page_view'), event('faq_visit'), event('time_on_page', { seconds: 12 })];
    const client = app.client();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(batch, client, { 'x-forwarded-for': `10.0.0.${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const [i, e] of batch.entries()) {
      const statuses = answers.map((a) => a.body.results[i]?.status);
      expect(statuses.filter((s) => s === 'accepted')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(19);
      expect(answers.every((a) => a.body.results[i]?.id === e.id)).toBe(true);
    }
    expect(await rows(batch.map((e) => e.id))).toHaveLength(3);
  });

  it('clamps the device time into the last 30 days', async () => {
    const now = app.clock.now().getTime();
    const old = event('faq_visit', {}, { at: new Date(now - 90 * 86_400_000).toISOString() });
    const future = event('faq_visit', {}, { at: new Date(now + 86_400_000).toISOString() });
    const recent = event('faq_visit', {}, { at: new Date(now - 3 * 86_400_000).toISOString() });
    await send([old, future, recent]);
    const after = app.clock.now().getTime();
    const at = new Map(
      (await rows([old.id, future.id, recent.id])).map((r) => [r.id, new Date(r.occurred_at).getTime()]),
    );
    expect(at.get(old.id)).toBeGreaterThanOrEqual(now - 30 * 86_400_000);
    expect(at.get(old.id)).toBeLessThanOrEqual(after - 30 * 86_400_000);
    expect(at.get(future.id)).toBeGreaterThanOrEqual(now);
    expect(at.get(future.id)).toBeLessThanOrEqual(after);
    expect(at.get(recent.id)).toBe(Date.parse(recent.at));
  });

  it('drops known bots: nothing stored, every event answered rejected', async () => {
    const e = event('page_view');
    const res = await send([e], app.client(), {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dropped: true,
      results: [{ id: e.id, status: 'rejected', reason: analyticsReasons.bot }],
    });
    expect(await rows([e.id])).toEqual([]);
  });

  it('keeps anonymous events anonymous and takes a teacher id only from that teacher', async () => {
    const anon = event('faq_visit');
    const mine = event('faq_visit', {}, { userId: teacher.user.id });
    const res = await send([anon, mine], teacher.client);
    expect(res.body.results.map((r) => r.status)).toEqual(['accepted', 'accepted']);
    const byId = new Map((await rows([anon.id, mine.id])).map((r) => [r.id, r.user_id]));
    expect(byId.get(anon.id)).toBeNull();
    expect(byId.get(mine.id)).toBe(teacher.user.id);
    const forged = event('faq_visit', {}, { userId: teacher.user.id });
    expect((await send([forged])).body.results).toEqual([
      { id: forged.id, status: 'rejected', reason: analyticsReasons.otherAccount },
    ]);
  });

  it('requires the same origin and JSON', async () => {
    const e = event('faq_visit');
    const other = await app
      .client()
      .request('POST', path, { json: { events: [e] }, origin: 'https://evil.test' });
    expect(other.status).toBe(403);
    const text = await app
      .client()
      .request('POST', path, { raw: JSON.stringify({ events: [e] }), contentType: 'text/plain' });
    expect(text.status).toBe(415);
    expect(await rows([e.id])).toEqual([]);
  });

  it('limits batches per page session (429 with Retry-After), then opens again', async () => {
    const sessionId = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) statuses.push((await send([event('faq_visit', {}, { sessionId })])).status);
    expect(statuses).toEqual([...Array<number>(25).fill(200), 429]);
    const limited = await send([event('faq_visit', {}, { sessionId })]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another page session is not limited.
    expect((await send([event('faq_visit')])).status).toBe(200);
    app.clock.advance(windowMs + 1000);
    try {
      expect((await send([event('faq_visit', {}, { sessionId })])).status).toBe(200);
    } finally {
      app.clock.reset();
    }
  });
});

describe('rate limit per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      // One proxy in front (its X-Forwarded-For names the client), so each test has its own address.
      env: { TRUST_PROXY: '1' },
      rateLimits: {
        analyticsEvents: { perIp: { limit: 250, windowMs }, perAccount: { limit: 100, windowMs } },
      },
    });
  });
  afterAll(() => limited.close());

  const from = (address: string, events: unknown[]) =>
    limited.client().request('POST', path, {
      json: { events },
      headers: { 'user-agent': browser, 'x-forwarded-for': address },
    });
  const fresh = (over: Record<string, unknown> = {}) => ({
    ...event('faq_visit', {}, over),
    at: new Date().toISOString(),
  });

  it('limits batches per address across page sessions', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 251; i++) statuses.push((await from('198.51.100.1', [fresh()])).status);
    expect(statuses.slice(0, 250).every((s) => s === 200)).toBe(true);
    expect(statuses[250]).toBe(429);
  });

  it("counts a batch's events per address, whatever page sessions they claim (issue 30 item 1)", async () => {
    const batch = () => Array.from({ length: 100 }, () => fresh());
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await from('198.51.100.2', batch())).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Another address is not limited.
    expect((await from('198.51.100.3', batch())).status).toBe(200);
  });

  it('stores neither the address nor the page session in rate_limits, only keyed hashes (issue 30 item 5)', async () => {
    const address = '203.0.113.77';
    const sessionId = randomUUID();
    expect((await from(address, [fresh({ sessionId })])).status).toBe(200);
    const result = await limited.db.execute(sql`SELECT key FROM rate_limits`);
    const keys = (result as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
    expect(keys.filter((k) => k.startsWith('analyticsEvents:')).length).toBeGreaterThanOrEqual(2);
    for (const key of keys) {
      expect(key).not.toContain(address);
      expect(key).not.toContain(sessionId);
      expect(key).not.toMatch(/\d+\.\d+\.\d+\.\d+|::/);
    }
  });
});

describe('hourly rollups', () => {
  it('equal a recount of the raw rows', async () => {
    const sessionId = randomUUID();
    const deviceId = randomUUID();
    const base = { sessionId, deviceId };
    const batch = [
      event('page_view', {}, { ...base, path: '/faq' }),
      event('page_view', {}, { ...base, path: '/prompts' }),
      event('time_on_page', { seconds: 30 }, { ...base, path: '/faq' }),
      event('time_on_page', { seconds: 11 }, { ...base, path: '/faq' }),
      event('conversion', { type: 'course_enrollment', value: 0, currency: 'USD' }, base),
      event('conversion', { type: 'purchase', value: 69.3, currency: 'USD' }, base),
    ];
    await Promise.all([send(batch.slice(0, 3)), send(batch.slice(2)), send(batch)]);
    type Pair = { metric: string; dim: string; count: number; total: number };
    const q = async (query: ReturnType<typeof sql>) =>
      ((await app.db.execute(query)) as unknown as { rows: Pair[] }).rows
        .map((r) => ({ ...r, count: Number(r.count), total: Math.round(Number(r.total) * 100) / 100 }))
        .sort((a, b) => `${a.metric}${a.dim}`.localeCompare(`${b.metric}${b.dim}`));
    const rollups = await q(sql`
      SELECT metric, dim, sum(count) AS count, sum(total) AS total FROM analytics_hourly
       WHERE metric IN ('event', 'pageviews', 'visible', 'conversion') GROUP BY metric, dim`);
    const recount = await q(sql`
      SELECT 'event' AS metric, name AS dim, count(*) AS count, 0 AS total FROM analytics_events GROUP BY name
      UNION ALL SELECT 'pageviews', path, count(*), 0 FROM analytics_events WHERE name = 'page_view' GROUP BY path
      UNION ALL SELECT 'visible', path, count(*), sum((props->>'seconds')::float8)
                  FROM analytics_events WHERE name = 'time_on_page' GROUP BY path
      UNION ALL SELECT 'conversion', props->>'type', count(*), sum((props->>'value')::float8)
                  FROM analytics_events WHERE name = 'conversion' GROUP BY props->>'type'`);
    expect(rollups).toEqual(recount);
    expect(rollups).toContainEqual({ metric: 'conversion', dim: 'purchase', count: 1, total: 69.3 });
  });
});
