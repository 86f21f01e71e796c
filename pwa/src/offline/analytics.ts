import {
  analyticsLimits,
  anonymousUserId,
  brand,
  PageSessionConversions,
  type ConversionProps,
  type PlanType,
  analyticsEndpoints,
  type AnalyticsEventName,
  type AnalyticsEventResult,
  type AnalyticsProps,
} from '@pd/domain';
import Dexie, { type EntityTable } from 'dexie';
import { apiSend } from '../lib/api-client';
import { userDb } from './db';
import { signedInUserId } from './profile';

export { captureAttribution, firstTouchAttribution, sessionAttribution } from './attribution';

/**
 * Usage analytics on the device (issue 15): every event is written to this device's queue first
 * (its own small IndexedDB database, so anonymous visits queue too), with an id made here, the
 * device's time, the page session, a random device id and the user id it was made under ('anonymous'
 * when nobody is signed in: never re-attributed later). `sendQueuedAnalytics` sends them oldest
 * first in batches of 100 (the sync engine's drain calls it; the tracker on start, online, visible,
 * a timer and page hide, with a keepalive request).
 */

export type DeliveryState = 'queued' | 'sent' | 'rejected';

export interface QueuedEvent {
  seq?: number;
  id: string;
  name: string;
  at: string;
  sessionId: string;
  deviceId: string;
  userId: string;
  path: string;
  props: Record<string, unknown>;
  state: DeliveryState;
  reason?: string;
}

class AnalyticsQueueDb extends Dexie {
  events!: EntityTable<QueuedEvent, 'seq'>;
  constructor() {
    super('analytics-queue');
    this.version(1).stores({ events: '++seq, &id, state, [state+seq]' });
  }
}

let queueDb: AnalyticsQueueDb | undefined;
export const analyticsQueue = (): AnalyticsQueueDb => (queueDb ??= new AnalyticsQueueDb());

const deviceKey = 'pd-analytics-device';
const sessionKey = 'pd-analytics-session';

function stored(storage: Storage, key: string, make: () => string): string {
  try {
    const known = storage.getItem(key);
    if (known) return known;
    const value = make();
    storage.setItem(key, value);
    return value;
  } catch {
    return make();
  }
}

/** A random id kept on this device (never derived from the person). */
export const deviceId = (): string => stored(localStorage, deviceKey, () => crypto.randomUUID());
/** The page session: this tab's visit. */
export const pageSessionId = (): string => stored(sessionStorage, sessionKey, () => crypto.randomUUID());
/** True the first time this device is seen (before `deviceId` made its id). */
export const isFirstVisit = (): boolean => {
  try {
    return localStorage.getItem(deviceKey) === null;
  } catch {
    return false;
  }
};

let currentPath = '/';
/** The tracker tells the queue the page the events belong to. */
export function setAnalyticsPath(path: string): void {
  currentPath = path;
}

const listeners = new Set<() => void>();
/** Told whenever the queue changes (the test page's log). */
export function onAnalyticsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Queues one event of spec section 7 (typed by the domain's schemas). Never throws: a failure never
 * breaks the screen. The offline layer's own (the page tracker's); screens record through
 * record-event.ts (decision 083).
 */
export async function track<N extends AnalyticsEventName>(
  name: N,
  props: AnalyticsProps<N>,
  options: { userId?: string | null; path?: string; at?: Date } = {},
): Promise<void> {
  const userId = (options.userId === undefined ? signedInUserId() : options.userId) ?? anonymousUserId;
  try {
    await analyticsQueue().events.add({
      id: crypto.randomUUID(),
      name,
      at: (options.at ?? new Date()).toISOString(),
      sessionId: pageSessionId(),
      deviceId: deviceId(),
      userId,
      path: (options.path ?? currentPath).split(/[?#]/)[0] || '/',
      props: props as Record<string, unknown>,
      state: 'queued',
    });
    changed();
  } catch (error) {
    console.warn('Could not queue the analytics event', error);
  }
}

// ---- Conversions (spec section 7): one per type and user within the page session ---------------

const conversionsKey = 'pd-analytics-conversions';

function sessionConversions(): PageSessionConversions {
  try {
    const known = JSON.parse(sessionStorage.getItem(conversionsKey) ?? '[]') as unknown;
    return new PageSessionConversions(Array.isArray(known) ? known.map(String) : []);
  } catch {
    return new PageSessionConversions();
  }
}

async function trackConversions(
  conversions: PageSessionConversions,
  made: readonly (ConversionProps | null)[],
): Promise<void> {
  try {
    sessionStorage.setItem(conversionsKey, JSON.stringify(conversions.recorded));
  } catch {
    // No storage: de-duplicated within this page load only.
  }
  for (const c of made) if (c) await track('conversion', c);
}

/**
 * A teacher opened a module of a course they had not started (an enrollment): module_started, then
 * course_enrollment (worth 0) and, on their first free course, free_trial too.
 */
export async function recordModuleStarted(input: {
  courseSlug: string;
  moduleId: number;
  enrolling: boolean;
  freeCourse: boolean;
}): Promise<void> {
  const { courseSlug, moduleId } = input;
  await track('module_started', { courseSlug, moduleId });
  const userId = signedInUserId();
  if (!input.enrolling || !userId) return;
  let firstFree = false;
  if (input.freeCourse) {
    // The first free enrollment: no other course of this teacher's was ever opened on the device.
    const others = await userDb(userId)
      .progress.filter((row) => row.courseSlug !== courseSlug && row.lastAccessed !== null)
      .count()
      .catch(() => 1);
    firstFree = others === 0;
  }
  const conversions = sessionConversions();
  await trackConversions(conversions, conversions.enrollment(userId, firstFree));
}

/**
 * A quiz was submitted: quiz_attempted, quiz_time_spent (the seconds since the module opened), and
 * once graded quiz_completed, module_completed and course_completion when they are new.
 */
export async function recordQuizSubmitted(input: {
  courseSlug: string;
  moduleId: number;
  seconds: number;
  score: number;
  passed: boolean;
  moduleNewlyCompleted: boolean;
  courseNewlyCompleted: boolean;
}): Promise<void> {
  const { courseSlug, moduleId } = input;
  await track('quiz_attempted', { courseSlug, moduleId });
  await track('quiz_time_spent', { courseSlug, moduleId, seconds: Math.max(0, Math.round(input.seconds)) });
  await track('quiz_completed', { courseSlug, moduleId, score: input.score, passed: input.passed });
  if (input.moduleNewlyCompleted) await track('module_completed', { courseSlug, moduleId });
  if (input.courseNewlyCompleted) await track('course_completion', { courseSlug });
}

/** A purchase confirmed: worth what was charged after any promotion code (decision 041). */
export async function recordPurchase(plan: PlanType, amountCharged: number): Promise<void> {
  const userId = signedInUserId();
  if (!userId) return;
  const conversions = sessionConversions();
  await trackConversions(conversions, [conversions.purchase(userId, plan, amountCharged, brand.productName)]);
}

/** feature_discovered, the first time this device uses `feature` (remembered in localStorage). */
export async function recordFeatureDiscovered(feature: string): Promise<void> {
  const key = `pd-discovered-${feature}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, '1');
  } catch {
    return;
  }
  await track('feature_discovered', { feature });
}

/** The last `n` events, newest first, with their delivery state. */
export async function recentEvents(n: number = analyticsLimits.testLogEntries): Promise<QueuedEvent[]> {
  return analyticsQueue().events.orderBy('seq').reverse().limit(n).toArray();
}

let sending: Promise<number> | null = null;

/**
 * Sends the queued events, oldest first, in batches of at most 100 (and under 64 KB), at most
 * `maxBatchesPerMinute` batches a minute from this page (the rest waits). Events of a
 * teacher other than the one signed in now wait for that teacher. Accepted and duplicate -> 'sent';
 * rejected -> 'rejected' with the reason; a refused or failed request keeps them queued. Answers how
 * many were sent. Concurrent calls share one pass.
 */
export function sendQueuedAnalytics(options: { keepalive?: boolean } = {}): Promise<number> {
  sending ??= sendPass(options).finally(() => {
    sending = null;
  });
  return sending;
}

const keepaliveBytes = 60 * 1024;

/**
 * The pace of this page's batches (decision 088): at most `analyticsLimits.maxBatchesPerMinute` in
 * any 60 s per page session; past it the pass stops and the rest waits for the next trigger (the
 * tracker's 30 s timer), so the api's per-session limit, derived from this pace, is never met.
 */
let paced: { session: string; sentAt: number[] } = { session: '', sentAt: [] };
function mayPace(): boolean {
  const session = pageSessionId();
  const now = Date.now();
  if (paced.session !== session) paced = { session, sentAt: [] };
  paced.sentAt = paced.sentAt.filter((t) => now - t < 60_000);
  if (paced.sentAt.length >= analyticsLimits.maxBatchesPerMinute) return false;
  paced.sentAt.push(now);
  return true;
}

async function sendPass({ keepalive }: { keepalive?: boolean }): Promise<number> {
  const db = analyticsQueue();
  const me = signedInUserId() ?? anonymousUserId;
  let sent = 0;
  for (;;) {
    const queued = await db.events
      .where('[state+seq]')
      .between(['queued', Dexie.minKey], ['queued', Dexie.maxKey])
      .filter((e) => e.userId === anonymousUserId || e.userId === me)
      .limit(analyticsLimits.maxEventsPerBatch)
      .toArray();
    if (queued.length === 0) break;
    const batch: QueuedEvent[] = [];
    let bytes = 20;
    for (const e of queued) {
      const size = JSON.stringify(wire(e)).length + 1;
      if (bytes + size > (keepalive ? keepaliveBytes : analyticsLimits.maxBatchBytes) - 1024) break;
      batch.push(e);
      bytes += size;
    }
    if (batch.length === 0) batch.push(queued[0] as QueuedEvent);
    if (!mayPace()) break;
    let results: AnalyticsEventResult[];
    try {
      const reply = await apiSend(
        analyticsEndpoints.analyticsEvents,
        { events: batch.map(wire) },
        { keepalive },
      );
      results = reply.results;
    } catch {
      // Offline, refused or limited: they stay queued for the next trigger.
      break;
    }
    const byId = new Map(results.map((r) => [r.id, r]));
    await db.transaction('rw', db.events, async () => {
      for (const e of batch) {
        const result = byId.get(e.id);
        if (!result || e.seq === undefined) continue;
        await db.events.update(
          e.seq,
          result.status === 'rejected' ? { state: 'rejected', reason: result.reason } : { state: 'sent' },
        );
        sent += 1;
      }
    });
    await prune(db);
    changed();
    if (batch.every((e) => !byId.has(e.id))) break;
    if (keepalive) break;
  }
  return sent;
}

const wire = (e: QueuedEvent) => ({
  id: e.id,
  name: e.name,
  at: e.at,
  sessionId: e.sessionId,
  deviceId: e.deviceId,
  userId: e.userId,
  path: e.path,
  props: e.props,
});

/** Keeps the last few delivered events for the test page's log; the queue itself is never pruned. */
async function prune(db: AnalyticsQueueDb): Promise<void> {
  const delivered = await db.events.where('state').anyOf('sent', 'rejected').primaryKeys();
  const keep = analyticsLimits.testLogEntries;
  if (delivered.length > keep) {
    const sorted = (delivered as number[]).sort((a, b) => a - b);
    await db.events.bulkDelete(sorted.slice(0, sorted.length - keep));
  }
}
