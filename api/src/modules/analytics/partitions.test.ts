import { randomUUID } from 'node:crypto';
import type { AnalyticsBatchResponse } from '@pd/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { applyRetention } from './service.js';

// The raw events' monthly partitions (issue 31 item 4, decision 120), on PGlite and PostgreSQL.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const dayMs = 86_400_000;
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const housekeeping = () => applyRetention({ db: app.db, clock: app.clock.now, config: app.config });
const monthName = (at: Date) =>
  `analytics_events_${at.toISOString().slice(0, 4)}_${at.toISOString().slice(5, 7)}`;
const nextMonth = (at: Date, add = 1) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1));

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.db.execute(statement)) as unknown as { rows: T[] }).rows;
}
const partitions = async () =>
  (
    await query<{ name: string }>(sql`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'analytics_events'::regclass ORDER BY 1`)
  ).map((r) => r.name);
/** Where each stored row of `id` is: its partition and time. */
const placesOf = (id: string) =>
  query<{ part: string; occurred_at: string | Date }>(
    sql`SELECT tableoid::regclass::text AS part, occurred_at FROM analytics_events WHERE id = ${id}`,
  );
const eventCount = async (name: string) =>
  Number(
    (
      await query<{ n: string | number }>(
        sql`SELECT coalesce(sum(count), 0) AS n FROM analytics_hourly WHERE metric = 'event' AND dim = ${name}`,
      )
    )[0]?.n,
  );

function send(events: unknown[]) {
  return app.client().request<AnalyticsBatchResponse>('POST', '/api/analytics/events', {
    json: { events },
    headers: { 'user-agent': browser },
  });
}
const event = (name: string, at: Date) => ({
  id: randomUUID(),
  name,
  at: at.toISOString(),
  sessionId: randomUUID(),
  deviceId: randomUUID(),
  userId: 'anonymous',
  path: '/faq',
  props: {},
});

describe('analytics_events partitioned by month', () => {
  it('is a range-partitioned table with a default partition; housekeeping makes this month and the next two, once', async () => {
    const [kind] = await query<{ strategy: string }>(
      sql`SELECT partstrat AS strategy FROM pg_partitioned_table WHERE partrelid = 'analytics_events'::regclass`,
    );
    expect(kind?.strategy).toBe('r');
    expect(await partitions()).toEqual(['analytics_events_default']);

    // An event of this month sent before its partition exists waits in the default partition...
    const early = event('faq_visit', new Date(app.clock.now().getTime() - 60_000));
    expect((await send([early])).body.results).toEqual([{ id: early.id, status: 'accepted' }]);
    expect((await placesOf(early.id)).map((p) => p.part)).toEqual(['analytics_events_default']);

    await housekeeping();
    const now = app.clock.now();
    const expected = [0, 1, 2].map((add) => monthName(nextMonth(now, add)));
    expect(await partitions()).toEqual(['analytics_events_default', ...expected].sort());
    // ...and moves to its month when the partition is made.
    expect((await placesOf(early.id)).map((p) => p.part)).toEqual([monthName(now)]);
    await housekeeping();
    expect(await partitions()).toEqual(['analytics_events_default', ...expected].sort());
  });

  it('counts a replayed event once when the replay lands in another month (the clamp moved its time)', async () => {
    // Ten minutes before the next month; the device's clock is an hour ahead, so the server keeps
    // the time it arrived (this month). Its replay twenty minutes later is clamped into next month.
    const boundary = nextMonth(app.clock.now());
    app.clock.advance(boundary.getTime() - 10 * 60_000 - app.clock.now().getTime());
    const ahead = event('prompt_library_visit', new Date(app.clock.now().getTime() + 60 * 60_000));
    const before = await eventCount('prompt_library_visit');

    expect((await send([ahead])).body.results).toEqual([{ id: ahead.id, status: 'accepted' }]);
    app.clock.advance(20 * 60_000);
    expect(app.clock.now() >= boundary).toBe(true);
    // The replay and a fresh event of the new month, twice at once (two tabs of the device).
    const fresh = event('prompt_library_visit', new Date(app.clock.now().getTime() - 60_000));
    const [a, b] = await Promise.all([send([ahead, fresh]), send([ahead, fresh])]);
    const statuses = [a, b].map((r) => r.body.results.map((x) => x.status));
    expect(statuses.flat().filter((s) => s === 'accepted')).toHaveLength(1);
    expect(statuses.map((s) => s[0])).toEqual(['duplicate', 'duplicate']);

    const places = await placesOf(ahead.id);
    expect(places.map((p) => p.part)).toEqual([monthName(new Date(boundary.getTime() - 1))]);
    expect((await placesOf(fresh.id)).map((p) => p.part)).toEqual([monthName(boundary)]);
    expect((await eventCount('prompt_library_visit')) - before).toBe(2);
  });

  it('retention drops whole months past ANALYTICS_RETENTION_DAYS, keeping newer months and the rollups', async () => {
    const oldMonth = monthName(nextMonth(app.clock.now(), -1));
    const thisMonth = monthName(app.clock.now());
    const recent = event('faq_visit', new Date(app.clock.now().getTime() - 60_000));
    await send([recent]);
    const rollupsBefore = await eventCount('faq_visit');
    const retention = app.config.analyticsRetentionDays;

    // Just inside the retention period of this month's first day nothing goes.
    const firstOfThisMonth = nextMonth(app.clock.now(), 0);
    app.clock.advance(firstOfThisMonth.getTime() + retention * dayMs - dayMs - app.clock.now().getTime());
    await housekeeping();
    let names = await partitions();
    expect(names).toContain(thisMonth);
    // Once this month's last day is past it, this month's partition is dropped, not its rows deleted.
    app.clock.advance(
      nextMonth(firstOfThisMonth).getTime() + retention * dayMs + dayMs - app.clock.now().getTime(),
    );
    await housekeeping();
    names = await partitions();
    expect(names).not.toContain(thisMonth);
    expect(names).not.toContain(oldMonth);
    expect(names).toContain(monthName(app.clock.now()));
    expect(names).toContain('analytics_events_default');
    expect(await placesOf(recent.id)).toEqual([]);
    // The rollups stay.
    expect(await eventCount('faq_visit')).toBe(rollupsBefore);
  });
});
