// Usage analytics (issue 15). Two figures:
// 1. Ingest: POST /api/analytics/events batches of 100 valid events (page views, visible time,
//    module events), 8 devices in parallel, for BENCH_ANALYTICS_EVENTS events (20,000): events per
//    second the app stores (raw rows + hourly rollups in the same transaction). Budget >= 2,000/s.
//    Each batch comes from a device of its own school (one proxy in front, TRUST_PROXY=1, naming a
//    school's address per batch): the per-address limit (20,000 events a minute, decision 088) is
//    for one school, and this measures one instance serving many.
// 2. Dashboard: GET /api/admin/analytics for the last 30 and 90 days as the demo super admin, p95
//    of 20 requests each, at 100 thousand, 1 million and 10 million stored events (ANALYTICS_SIZES).
//    Budget: p95 <= 300 ms at the largest size.
//
// The events are seeded with SQL (generate_series) spread over the last 120 days, and their hourly
// rollups with the same SQL GROUP BY the api's ingest would have produced (the ingest's own rollups
// equal such a recount: api/src/modules/analytics/ingest.test.ts). Seeding 10 million rows on
// PGlite takes too long for one process: the sizes run on PostgreSQL (BENCH_DATABASE_URL or
// 127.0.0.1:5432), the ingest on both. On PostgreSQL the table has a partition for each of the last
// 13 months besides the housekeeping's (decision 120), as a year-old deployment has; on PGlite only
// the housekeeping's (this month, the next two, the default).
import { randomUUID } from 'node:crypto';
import {
  demoUserSql,
  psql,
  withPostgresApi,
  inPool,
  isMain,
  ms,
  percentile,
  signInCookie,
  startApi,
  verdict,
} from './lib.mjs';

const ingestEvents = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 20_000);
const sizes = (process.env.ANALYTICS_SIZES ?? '100000,1000000,10000000').split(',').map(Number);
const requests = Number(process.env.ANALYTICS_REQUESTS ?? 20);
const ingestBudget = 2000;
const dashboardBudgetMs = 300;
/** One proxy in front: each batch names its school's address (see the top). */
const schools = { TRUST_PROXY: '1' };
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const paths = ['/', '/prompts', '/faq', '/templates', '/ai-in-education', '/ai-in-education/module/1'];

function batch(n) {
  const sessionId = randomUUID();
  const deviceId = randomUUID();
  const at = new Date(Date.now() - 60_000).toISOString();
  return Array.from({ length: n }, (_, i) => {
    const path = paths[i % paths.length];
    const base = { id: randomUUID(), at, sessionId, deviceId, userId: 'anonymous', path };
    if (i % 3 === 0) return { ...base, name: 'page_view', props: {} };
    if (i % 3 === 1) return { ...base, name: 'time_on_page', props: { seconds: 5 + (i % 120) } };
    return {
      ...base,
      name: 'module_started',
      props: { courseSlug: 'ai-in-education', moduleId: 1 + (i % 5) },
    };
  });
}

async function ingest(api) {
  const batches = Math.ceil(ingestEvents / 100);
  let stored = 0;
  const started = performance.now();
  let retries = 0;
  await inPool(batches, 8, async (n) => {
    const body = JSON.stringify({ events: batch(100) });
    const school = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const post = () =>
      fetch(`${api.url}/api/analytics/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: api.url,
          'user-agent': browser,
          'x-forwarded-for': school,
        },
        body,
      });
    // A device sends a batch again when the connection drops (exactly once by event id).
    const res = await post().catch(() => {
      retries += 1;
      return post();
    });
    const answer = await res.json();
    if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${JSON.stringify(answer)}`);
    stored += answer.results.filter((r) => r.status === 'accepted').length;
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = stored / seconds;
  const ok = rate >= ingestBudget;
  console.log(
    `  ${api.driver}: ingest ${stored} events in ${seconds.toFixed(1)} s = ${Math.round(rate)} events/s (budget >= ${ingestBudget}; ${retries} batches resent after a dropped connection) ${verdict(ok)}`,
  );
  return ok;
}

/** `n` more events over the last 120 days, and their rollups, as the ingest would have written them. */
function seedSql(n) {
  return `
    CREATE TEMP TABLE bench_new AS
      SELECT gen_random_uuid() AS id,
             (ARRAY['page_view','time_on_page','module_started','faq_visit','session_started'])[1 + i % 5] AS name,
             now() - ((i % 10368000) || ' seconds')::interval - (random() * interval '1 second') AS occurred_at,
             md5('s' || (i / 8))::uuid AS session_id,
             md5('v' || (i / 8)) AS visitor_hash,
             (ARRAY['/','/prompts','/faq','/templates','/ai-in-education','/ai-in-education/module/1'])[1 + i % 6] AS path,
             CASE WHEN i % 5 = 1 THEN jsonb_build_object('seconds', 5 + i % 120) ELSE '{}'::jsonb END AS props
        FROM generate_series(1, ${n}) i;
    INSERT INTO analytics_events (id, name, occurred_at, received_at, session_id, visitor_hash, user_id, path, props)
      SELECT id, name, occurred_at, occurred_at, session_id, visitor_hash, NULL, path, props FROM bench_new;
    INSERT INTO analytics_hourly (metric, hour, dim, count, total)
      SELECT metric, hour, dim, count(*), sum(total) FROM (
        SELECT 'event' AS metric, date_trunc('hour', occurred_at) AS hour, name AS dim, 0::float8 AS total FROM bench_new
        UNION ALL SELECT 'pageviews', date_trunc('hour', occurred_at), path, 0 FROM bench_new WHERE name = 'page_view'
        UNION ALL SELECT 'visible', date_trunc('hour', occurred_at), path, (props->>'seconds')::float8 FROM bench_new WHERE name = 'time_on_page'
        UNION ALL SELECT 'sessions', date_trunc('hour', occurred_at), '', 0 FROM bench_new WHERE name = 'session_started'
        UNION ALL SELECT 'last_source', date_trunc('hour', occurred_at), '(direct)', 0 FROM bench_new WHERE name = 'session_started'
        UNION ALL SELECT 'first_source', date_trunc('hour', occurred_at), '(direct)', 0 FROM bench_new WHERE name = 'session_started'
      ) r GROUP BY metric, hour, dim
      ON CONFLICT (metric, hour, dim) DO UPDATE SET count = analytics_hourly.count + excluded.count,
                                                     total = analytics_hourly.total + excluded.total;
    INSERT INTO analytics_daily_visitors (day, visitor_hash)
      SELECT DISTINCT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), visitor_hash FROM bench_new
      ON CONFLICT DO NOTHING;
    DROP TABLE bench_new;
  `;
}

/** The monthly partitions of analytics_events for the `months` months before this one. */
function pastPartitionsSql(months) {
  return `
    DO $$
    DECLARE m date;
    BEGIN
      FOR i IN 1..${months} LOOP
        m := (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => i))::date;
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
          'analytics_events_' || to_char(m, 'YYYY_MM'), m::text || ' 00:00:00+00',
          (m + interval '1 month')::date::text || ' 00:00:00+00');
      END LOOP;
    END $$;`;
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function dashboardP95(api, cookie, days) {
  const times = [];
  for (let r = 0; r < requests; r++) {
    const started = performance.now();
    const get = () =>
      fetch(`${api.url}/api/admin/analytics?from=${day(1 - days)}&to=${day(0)}`, { headers: { cookie } });
    // After a long seed the client's idle keep-alive socket may have been closed by the server.
    const res = await get().catch(get);
    const body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`dashboard answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return percentile(times, 95);
}

function onPostgres(port) {
  return withPostgresApi(port, { env: schools }, async (api, url) => {
    try {
      // A year of the server's housekeeping leaves a partition per month kept (decision 120): the
      // ingest's check of each id looks in all of them, and the seeded events land in their months.
      psql(url, pastPartitionsSql(13));
      const okIngest = await ingest(api);
      psql(
        url,
        demoUserSql({ name: 'Bench Super Admin', email: 'superadmin@demo.test', role: 'superadmin' }),
      );
      const cookie = await signInCookie(api.url, 'superadmin@demo.test');
      console.log('    events stored | seed time | 30-day p95 | 90-day p95');
      let stored = ingestEvents;
      let last = { p30: Infinity, p90: Infinity };
      for (const size of sizes) {
        const started = performance.now();
        if (size > stored) psql(url, seedSql(size - stored));
        const seedSeconds = (performance.now() - started) / 1000;
        stored = Math.max(stored, size);
        last = { p30: await dashboardP95(api, cookie, 30), p90: await dashboardP95(api, cookie, 90) };
        console.log(
          `    ${String(stored).padStart(13)} | ${seedSeconds.toFixed(0).padStart(7)} s | ${ms(last.p30).padStart(10)} | ${ms(last.p90).padStart(10)}`,
        );
      }
      const okDashboard = Math.max(last.p30, last.p90) <= dashboardBudgetMs;
      console.log(
        `    dashboard p95 at ${stored} events (budget <= ${dashboardBudgetMs} ms) ${verdict(okDashboard)}`,
      );
      return okIngest && okDashboard;
    } catch (error) {
      console.error(`    the app said: ${api.errors().slice(-2000)}`);
      throw error;
    }
  });
}

export async function benchAnalytics() {
  console.log(
    `\nUsage analytics: ingest of ${ingestEvents} events in batches of 100; dashboard (30 and 90 days) p95 of ${requests} requests at ${sizes.join(' / ')} events`,
  );
  const port = Number(process.env.BENCH_PORT ?? 4322);
  const pglite = await startApi(port, { env: schools });
  let okPglite;
  try {
    okPglite = await ingest(pglite);
  } finally {
    await pglite.stop();
  }
  return (await onPostgres(port)) && okPglite;
}

if (isMain(import.meta.url)) process.exit((await benchAnalytics()) ? 0 : 1);
