import { createHash, randomBytes } from 'node:crypto';
import {
  type AnalyticsBatchResponse,
  type AnalyticsDashboard,
  type AnalyticsEvent,
  type AnalyticsEventResult,
  type AnalyticsQuery,
  type Attribution,
  analyticsLimits,
  analyticsReasons,
  anonymousUserId,
  conversionTypes,
  errorCodes,
  funnelSteps,
  parseAnalyticsEvent,
  type FunnelStep,
} from '@pd/domain';
import { purchaseReport } from '../payments/report.js';
import { learningReport } from '../progress/report.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as store from './store.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / hourMs) * hourMs);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The client's time moved into [now - 30 days, now] (issue 15). */
export function clampTime(deviceAt: string, now: Date): Date {
  const at = Date.parse(deviceAt);
  const min = now.getTime() - analyticsLimits.maxEventAgeMs;
  return new Date(Math.min(Math.max(Number.isNaN(at) ? now.getTime() : at, min), now.getTime()));
}

/** Where a session came from: utm values first, then the referrer's host, else direct. */
export function touchDims(a: Attribution): { source: string; medium: string; campaign: string } {
  let host: string | undefined;
  if (a.referrer) {
    try {
      host = new URL(a.referrer).hostname || undefined;
    } catch {
      host = a.referrer.slice(0, 100);
    }
  }
  return {
    source: a.utm_source ?? host ?? '(direct)',
    medium: a.utm_medium ?? (host ? 'referral' : '(none)'),
    campaign: a.utm_campaign ?? '(none)',
  };
}

/** The rollup deltas of the events a batch inserted (the same rules the recount uses). */
function rollupDeltas(
  events: AnalyticsEvent[],
  occurredAt: Map<string, Date>,
): Map<string, store.HourlyDelta> {
  const deltas = new Map<string, store.HourlyDelta>();
  const add = (hour: Date, metric: string, dim: string, count: number, total = 0) => {
    const key = `${metric}\u0000${hour.toISOString()}\u0000${dim}`;
    const d = deltas.get(key);
    if (d) {
      d.count += count;
      d.total += total;
    } else deltas.set(key, { hour, metric, dim, count, total });
  };
  for (const event of events) {
    const hour = hourOf(occurredAt.get(event.id) as Date);
    add(hour, 'event', event.name, 1);
    switch (event.name) {
      case 'page_view':
        add(hour, 'pageviews', event.path, 1);
        break;
      case 'time_on_page':
        add(hour, 'visible', event.path, 1, event.props.seconds);
        break;
      case 'session_started': {
        add(hour, 'sessions', '', 1);
        const last = touchDims(event.props.attribution);
        const first = touchDims(event.props.firstTouch);
        for (const part of ['source', 'medium', 'campaign'] as const) {
          add(hour, `first_${part}`, first[part], 1);
          add(hour, `last_${part}`, last[part], 1);
        }
        break;
      }
      case 'conversion':
        add(hour, 'conversion', event.props.type, 1, event.props.value);
        break;
      default:
        break;
    }
  }
  return deltas;
}

const sortedDeltas = (deltas: Iterable<store.HourlyDelta>) =>
  [...deltas].sort(
    (a, b) =>
      a.metric.localeCompare(b.metric) || a.hour.getTime() - b.hour.getTime() || a.dim.localeCompare(b.dim),
  );

export interface IngestContext {
  /** The signed-in teacher, or null. */
  user: Pick<UserRow, 'id'> | null;
}

/**
 * A batch from a device (issue 15): each event validated on its own, applied once per id (the raw
 * insert skips known ids, and only the rows it inserted reach the rollups, in the same transaction),
 * its time clamped. A teacher's id is accepted only from that teacher's session; anonymous stays anonymous.
 */
export async function ingest(
  deps: Deps,
  ctx: IngestContext,
  raw: unknown[],
): Promise<AnalyticsBatchResponse> {
  const now = deps.clock();
  const results: AnalyticsEventResult[] = [];
  const valid: AnalyticsEvent[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    const parsed = parseAnalyticsEvent(item);
    if (!parsed.ok) {
      results.push({ id: parsed.id, status: 'rejected', reason: parsed.reason });
      continue;
    }
    const { event } = parsed;
    if (event.userId !== anonymousUserId && event.userId !== ctx.user?.id) {
      results.push({ id: event.id, status: 'rejected', reason: analyticsReasons.otherAccount });
      continue;
    }
    if (seen.has(event.id)) {
      results.push({ id: event.id, status: 'duplicate' });
      continue;
    }
    seen.add(event.id);
    valid.push(event);
    results.push({ id: event.id, status: 'accepted' });
  }
  if (valid.length === 0) return { results };

  const occurredAt = new Map(valid.map((e) => [e.id, clampTime(e.at, now)]));
  const inserted = await deps.db.transaction(async (tx) => {
    const salts = new Map<string, string>();
    for (const day of new Set([...occurredAt.values()].map(dayOf)).values()) {
      salts.set(day, await store.daySalt(tx, day, randomBytes(16).toString('hex')));
    }
    const visitorHash = (e: AnalyticsEvent) => {
      const day = dayOf(occurredAt.get(e.id) as Date);
      return createHash('sha256')
        .update(`${salts.get(day)}:${e.deviceId}`)
        .digest('base64url')
        .slice(0, 22);
    };
    const rows = await store.insertEvents(
      tx,
      valid.map((e) => ({
        id: e.id,
        name: e.name,
        occurredAt: occurredAt.get(e.id) as Date,
        receivedAt: now,
        sessionId: e.sessionId,
        visitorHash: visitorHash(e),
        userId: e.userId === anonymousUserId ? null : e.userId,
        path: e.path,
        props: e.props as Record<string, unknown>,
      })),
    );
    const insertedIds = new Set(rows.map((r) => r.id));
    const fresh = valid.filter((e) => insertedIds.has(e.id));
    const deltas = rollupDeltas(fresh, occurredAt);

    // Unique visitors: the first event of a (day, visitor) counts one, in that event's hour.
    const firstOfVisitor = new Map<string, { day: string; visitorHash: string; hour: Date }>();
    for (const row of rows) {
      const key = `${dayOf(row.occurredAt)}\u0000${row.visitorHash}`;
      const known = firstOfVisitor.get(key);
      if (!known || row.occurredAt < known.hour) {
        firstOfVisitor.set(key, {
          day: dayOf(row.occurredAt),
          visitorHash: row.visitorHash,
          hour: row.occurredAt,
        });
      }
    }
    const candidates = [...firstOfVisitor.values()].sort(
      (a, b) => a.day.localeCompare(b.day) || a.visitorHash.localeCompare(b.visitorHash),
    );
    const newVisitors = await store.insertDailyVisitors(
      tx,
      candidates.map(({ day, visitorHash: h }) => ({ day, visitorHash: h })),
    );
    const extra: store.HourlyDelta[] = [];
    for (const v of newVisitors) {
      const c = firstOfVisitor.get(`${v.day}\u0000${v.visitorHash}`);
      if (c) extra.push({ hour: hourOf(c.hour), metric: 'visitors', dim: '', count: 1, total: 0 });
    }

    // The funnel's steps past the visit are the server's records, never a device's (decision 088).

    const merged = new Map(deltas);
    for (const d of extra) {
      const key = `${d.metric}\u0000${d.hour.toISOString()}\u0000${d.dim}`;
      const known = merged.get(key);
      if (known) merged.set(key, { ...known, count: known.count + d.count });
      else merged.set(key, d);
    }
    await store.addHourly(tx, sortedDeltas(merged.values()));
    return insertedIds;
  });
  return {
    results: results.map((r) =>
      r.status === 'accepted' && !inserted.has(r.id) ? { id: r.id, status: 'duplicate' as const } : r,
    ),
  };
}

async function funnelDeltas(
  tx: Db,
  steps: { userId: string; step: FunnelStep; at: Date }[],
): Promise<store.HourlyDelta[]> {
  steps.sort((a, b) => a.userId.localeCompare(b.userId) || a.step.localeCompare(b.step));
  const reached = await store.insertFunnelSteps(tx, steps);
  return reached.map((r) => ({ hour: hourOf(r.at), metric: 'funnel', dim: r.step, count: 1, total: 0 }));
}

/** What a known bot's batch answers: nothing stored, every event dropped. */
export function droppedBatch(raw: unknown[]): AnalyticsBatchResponse {
  return {
    dropped: true,
    results: raw.map((item) => ({
      id:
        typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string'
          ? (item as { id: string }).id.slice(0, 100)
          : '',
      status: 'rejected' as const,
      reason: analyticsReasons.bot,
    })),
  };
}

// ---- For the auth module: sign-up and verification ---------------------------------------------

/**
 * A new account (called by the auth module in its sign-up transaction): keeps the device's
 * first-touch attribution for the teacher (decision 043) and counts the funnel's sign-up step.
 */
export async function recordSignup(
  tx: Db,
  userId: string,
  attribution: Attribution | undefined,
  now: Date,
): Promise<void> {
  if (attribution) {
    await store.saveUserAttribution(tx, {
      userId,
      source: attribution.utm_source ?? null,
      medium: attribution.utm_medium ?? null,
      campaign: attribution.utm_campaign ?? null,
      term: attribution.utm_term ?? null,
      content: attribution.utm_content ?? null,
      referrer: attribution.referrer ?? null,
      createdAt: now,
    });
  }
  await store.addHourly(tx, await funnelDeltas(tx, [{ userId, step: 'sign_up', at: now }]));
}

/** The teacher verified their e-mail (called by the auth module): the funnel's verified step. */
export async function recordVerified(tx: Db, userId: string, now: Date): Promise<void> {
  await store.addHourly(tx, await funnelDeltas(tx, [{ userId, step: 'verified', at: now }]));
}

/** The first-touch attribution a teacher signed up with, or null. */
export function signupAttribution(deps: Pick<AppDeps, 'db'>, userId: string) {
  return store.userAttribution(deps.db, userId);
}

// ---- The dashboard ------------------------------------------------------------------------------

export const analyticsForbidden = 'Only super admins can see the analytics.';

function requireSuperadmin(user: UserRow): void {
  if (user.role !== 'superadmin') throw new AppError(403, analyticsForbidden, errorCodes.forbidden);
}

const touchMetrics = ['source', 'medium', 'campaign'].flatMap((p) => [`first_${p}`, `last_${p}`]);

/**
 * The dashboard of `query` (UTC days, inclusive). Visitors, sessions, page views, visible time,
 * sources and events are what devices reported (the hourly rollups; bounded per address and page
 * session, never verified: the dashboard says so). Conversions, revenue and the funnel past the
 * visit are the server's own records (decision 088): sign-up and verification (auth, recorded here),
 * enrolments, free trials and completed courses (progress), checkouts and purchases (payments).
 */
export async function dashboard(
  deps: Pick<AppDeps, 'db' | 'content'>,
  user: UserRow,
  query: AnalyticsQuery,
): Promise<AnalyticsDashboard> {
  requireSuperadmin(user);
  const from = new Date(`${query.from}T00:00:00.000Z`);
  const to = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + dayMs);
  const [sums, daily, purchases, learning] = await Promise.all([
    store.sumHourly(deps.db, from, to, [
      'visitors',
      'sessions',
      'pageviews',
      'visible',
      'event',
      'funnel',
      ...touchMetrics,
    ]),
    store.dailyHourly(deps.db, from, to, ['visitors', 'pageviews']),
    purchaseReport(deps, from, to),
    learningReport(deps, from, to),
  ]);
  const of = (metric: string) => sums.filter((s) => s.metric === metric);
  const total = (metric: string) => of(metric).reduce((n, s) => n + s.count, 0);
  const visible = of('visible');
  const visibleCount = visible.reduce((n, s) => n + s.count, 0);
  const visibleSum = visible.reduce((n, s) => n + s.total, 0);
  const avg = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : 0);

  const series: AnalyticsDashboard['series'] = [];
  for (let t = from.getTime(); t < to.getTime(); t += dayMs) {
    const day = dayOf(new Date(t));
    const pick = (metric: string) => daily.find((d) => d.day === day && d.metric === metric)?.count ?? 0;
    series.push({ day, visitors: pick('visitors'), pageViews: pick('pageviews') });
  }

  const views = new Map(of('pageviews').map((s) => [s.dim, s.count]));
  const times = new Map(visible.map((s) => [s.dim, s]));
  const topPages = [...new Set([...views.keys(), ...times.keys()])]
    .map((path) => {
      const t = times.get(path);
      return { path, views: views.get(path) ?? 0, avgVisibleSeconds: t ? avg(t.total, t.count) : 0 };
    })
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path))
    .slice(0, 50);

  const breakdown = (metric: string) =>
    of(metric)
      .map((s) => ({ value: s.dim, sessions: s.count }))
      .sort((a, b) => b.sessions - a.sessions || a.value.localeCompare(b.value))
      .slice(0, 50);
  const touch = (prefix: 'first' | 'last') => ({
    source: breakdown(`${prefix}_source`),
    medium: breakdown(`${prefix}_medium`),
    campaign: breakdown(`${prefix}_campaign`),
  });

  const conversions = new Map<string, { count: number; revenue: number }>([
    ['purchase', { count: purchases.purchases, revenue: purchases.revenue }],
    ['course_enrollment', { count: learning.enrolments, revenue: 0 }],
    ['free_trial', { count: learning.freeTrials, revenue: 0 }],
  ]);
  const recorded = new Map(of('funnel').map((s) => [s.dim, s.count]));
  const visitors = total('visitors');
  const funnel = new Map<FunnelStep, number>([
    ['visit', visitors],
    ['sign_up', recorded.get('sign_up') ?? 0],
    ['verified', recorded.get('verified') ?? 0],
    ['module_started', learning.enrolledTeachers],
    ['course_completed', learning.completers],
    ['checkout_initiated', purchases.checkoutTeachers],
    ['purchase', purchases.purchasers],
  ]);
  return {
    from: query.from,
    to: query.to,
    totals: {
      visitors,
      sessions: total('sessions'),
      pageViews: total('pageviews'),
      avgVisibleSeconds: avg(visibleSum, visibleCount),
    },
    series,
    topPages,
    firstTouch: touch('first'),
    lastTouch: touch('last'),
    events: of('event')
      .map((s) => ({ name: s.dim, count: s.count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    conversions: conversionTypes.map((type) => ({
      type,
      count: conversions.get(type)?.count ?? 0,
      revenue: Math.round((conversions.get(type)?.revenue ?? 0) * 100) / 100,
    })),
    funnel: funnelSteps.map(({ step, label }) => ({ step, label, count: funnel.get(step) ?? 0 })),
  };
}

// ---- Housekeeping -------------------------------------------------------------------------------

/** How many months ahead of this one housekeeping makes the raw events' partitions (decision 120). */
export const partitionMonthsAhead = 2;

/**
 * Makes this month's raw-event partition and the next two, drops the months past the retention
 * period (a month goes once its last day is past it), and deletes the salts of past days; rollups
 * stay (decisions 040, 120).
 */
export async function applyRetention(deps: Deps): Promise<void> {
  const now = deps.clock();
  for (let add = 0; add <= partitionMonthsAhead; add++) {
    await store.ensureEventPartition(deps.db, store.monthStart(now, add));
  }
  await store.dropEventsBefore(deps.db, new Date(now.getTime() - deps.config.analyticsRetentionDays * dayMs));
  // Today's and yesterday's salts stay (a late event of yesterday still finds its visitor).
  await store.deleteSaltsBefore(deps.db, dayOf(new Date(now.getTime() - dayMs)));
}
