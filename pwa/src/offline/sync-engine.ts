import {
  isSwMessage,
  progressMessages,
  swMessages,
  type CourseProgress,
  type ProgressRecord,
} from '@pd/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, NetworkError } from '../lib/api-client';
import { shortTime } from '../lib/dates';
import { useMe } from './get-me';
import { useOnline } from '../lib/use-online';
import { onUserDbDelete, type OutboxOp } from './db';
import { sendQueuedAnalytics } from './analytics';
import { drainOutbox, rebuildProgressFromServer, type DrainOutcome } from './drain';
import { lockBusy, onLeaseReleased, withDrainLock, type LeaseOptions } from './drain-lock';
import { countPendingOps, dismissRejectedOp, useOutboxPendingCount, useRejectedOps } from './outbox';
import { signedInUserId } from './profile';
import { progressKeys } from './progress-keys';
import { isMobileDevice, setProgressSaveState } from './save-state';
import { followSessionEnd } from './session-end';

/**
 * The sync engine: when to drain (docs/ARCHITECTURE.md, "Offline-first"). One per signed-in teacher and
 * tab; only one tab drains at a time (drain-lock.ts). Triggers: app start (which also rebuilds the
 * device's progress from the server), `online`, the page becoming visible, every 30 s while ops are
 * pending, 'Sync now', a new op, and the service worker's `swMessages.syncOutbox` message (its
 * Background Sync `sync` event). A failed pass backs off 2 s, 4 s, 8 s ... capped at 60 s, with
 * jitter; any explicit trigger tries again at once.
 */

export const syncTimings = {
  intervalMs: 30_000,
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  /** Another tab holds the lock: look again this soon (it may have missed our newest op). */
  busyRetryMs: 2_000,
} as const;

/** The back-off before retry number `failures` (1-based): 2 s doubling to 60 s, +-20 % jitter. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(syncTimings.backoffMaxMs, syncTimings.backoffBaseMs * 2 ** Math.max(0, failures - 1));
  return Math.min(syncTimings.backoffMaxMs, Math.round(base * (0.8 + 0.4 * random())));
}

export type SyncTrigger =
  | 'start'
  | 'online'
  | 'visible'
  | 'interval'
  | 'manual'
  | 'enqueue'
  | 'service-worker'
  | 'retry'
  | 'lock-released';

export interface SyncEngineState {
  /** A batch is on its way to the server. */
  saving: boolean;
  /** The last pass failed (network, 5xx...); ops wait for the retry. */
  failing: boolean;
  lastError: string | null;
  /** When the back-off retry is due (epoch ms). */
  nextRetryAt: number | null;
  lastSyncedAt: string | null;
}

const idleState: SyncEngineState = {
  saving: false,
  failing: false,
  lastError: null,
  nextRetryAt: null,
  lastSyncedAt: null,
};

export interface SyncEngineOptions {
  queryClient?: QueryClient | null;
  random?: () => number;
  /** Rebuild the device's progress from GET /api/progress when started (default true). */
  rebuildOnStart?: boolean;
  lease?: Partial<Omit<LeaseOptions, 'owner'>>;
  batchSize?: number;
}

// Engine states are published by user id, so a screen follows "the" engine of its teacher even when
// it is replaced (sign-out, then sign-in again).
const states = new Map<string, SyncEngineState>();
const stateListeners = new Set<() => void>();

function publish(userId: string, state: SyncEngineState): void {
  states.set(userId, state);
  for (const listener of stateListeners) listener();
}

function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export class SyncEngine {
  readonly id = crypto.randomUUID();
  private state: SyncEngineState = idleState;
  private failures = 0;
  private plannedDelay: number | null = null;
  private cycle: Promise<DrainOutcome | null> | null = null;
  private again = false;
  private started = false;
  private disposed = false;
  private needsRebuild = false;
  private savingSince: number | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private busyTimer: ReturnType<typeof setTimeout> | undefined;
  private savingTimer: ReturnType<typeof setTimeout> | undefined;
  private intervalTimer: ReturnType<typeof setInterval> | undefined;
  private cleanups: Array<() => void> = [];

  constructor(
    readonly userId: string,
    private options: SyncEngineOptions = {},
  ) {}

  setQueryClient(queryClient: QueryClient): void {
    this.options = { ...this.options, queryClient };
  }

  getState(): SyncEngineState {
    return this.state;
  }

  /** Listens to its triggers and drains once (after rebuilding progress from the server). */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    this.needsRebuild = this.options.rebuildOnStart !== false;
    const listen = (target: EventTarget | undefined, type: string, handler: (event: Event) => void) => {
      if (!target) return;
      target.addEventListener(type, handler);
      this.cleanups.push(() => target.removeEventListener(type, handler));
    };
    listen(window, 'online', () => void this.kick('online'));
    listen(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.kick('visible');
    });
    listen(navigator.serviceWorker, 'message', (event) => {
      if (isSwMessage((event as MessageEvent<unknown>).data, swMessages.syncOutbox)) {
        void this.kick('service-worker');
      }
    });
    this.cleanups.push(onLeaseReleased(() => void this.kickIfPending('lock-released')));
    this.intervalTimer = setInterval(() => void this.onInterval(), syncTimings.intervalMs);
    void this.kick('start');
  }

  /** Stops listening (the component that started it went away); an explicit kick still drains. */
  stop(): void {
    this.started = false;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    clearInterval(this.intervalTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.busyTimer);
  }

  /** For good: the teacher's database is being deleted. */
  dispose(): void {
    this.stop();
    clearTimeout(this.savingTimer);
    this.disposed = true;
  }

  /**
   * Drains now (the lock permitting). Concurrent kicks share one pass, plus one more pass if a kick
   * arrived while it ran. Resolves with the outcome, or null when another tab holds the lock.
   */
  // The trigger is not used to decide anything today (every trigger drains at once); it names the
  // call sites and is the hook for per-trigger policy later.
  kick(_trigger: SyncTrigger = 'manual'): Promise<DrainOutcome | null> {
    if (this.disposed) return Promise.resolve(null);
    if (this.cycle) {
      this.again = true;
      return this.cycle;
    }
    const cycle = (async () => {
      let outcome: DrainOutcome | null;
      do {
        this.again = false;
        outcome = await this.runOnce();
      } while (this.again && !this.disposed && outcome?.status === 'done');
      return outcome;
    })().finally(() => {
      if (this.cycle === cycle) this.cycle = null;
    });
    this.cycle = cycle;
    return cycle;
  }

  private async kickIfPending(trigger: SyncTrigger): Promise<void> {
    if (this.disposed) return;
    if ((await countPendingOps(this.userId).catch(() => 0)) > 0) await this.kick(trigger);
  }

  private async onInterval(): Promise<void> {
    // The back-off timer owns retries after a failure.
    if (this.state.nextRetryAt !== null && Date.now() < this.state.nextRetryAt) return;
    await this.kickIfPending('interval');
  }

  private async runOnce(): Promise<DrainOutcome | null> {
    clearTimeout(this.retryTimer);
    clearTimeout(this.busyTimer);
    let result: DrainOutcome | typeof lockBusy;
    try {
      result = await withDrainLock(() => this.drainLocked(), {
        owner: this.id,
        ...this.options.lease,
      });
    } catch (error) {
      // IndexedDB failed (or the database is being deleted): treat like a failed pass.
      if (this.disposed) return null;
      console.warn('Sync failed on this device', error);
      result = { status: 'failed', sent: 0, error };
    } finally {
      this.endSaving();
    }
    if (this.disposed) return null;
    if (result === lockBusy) {
      this.busyTimer = setTimeout(() => void this.kickIfPending('lock-released'), syncTimings.busyRetryMs);
      return null;
    }
    if (result.status === 'done') {
      this.failures = 0;
      this.plannedDelay = null;
      this.setState({
        failing: false,
        lastError: null,
        nextRetryAt: null,
        lastSyncedAt: new Date().toISOString(),
      });
      setProgressSaveState({ error: null });
      return result;
    }
    this.failures += 1;
    const delay = this.plannedDelay ?? backoffDelay(this.failures, this.options.random);
    this.plannedDelay = null;
    this.setState({ failing: true, lastError: describeError(result.error), nextRetryAt: Date.now() + delay });
    setProgressSaveState({ error: progressMessages.connectionIssues });
    this.retryTimer = setTimeout(() => void this.kick('retry'), delay);
    return result;
  }

  private async drainLocked(): Promise<DrainOutcome> {
    if (this.needsRebuild) {
      try {
        const records = await rebuildProgressFromServer(this.userId);
        this.needsRebuild = false;
        this.options.queryClient?.setQueryData<ProgressRecord[]>(progressKeys.list(), records);
      } catch (error) {
        // Offline or refused: the device keeps what it has, and the next start tries again.
        if (!(error instanceof NetworkError || error instanceof ApiError)) {
          console.warn('Could not rebuild progress from the server', error);
        }
      }
    }
    const outcome = await drainOutbox(this.userId, {
      batchSize: this.options.batchSize,
      onSending: () => this.beginSaving(),
      onProgress: (progress) => this.cacheServerProgress(progress),
      nextAttemptAt: () => {
        this.plannedDelay ??= backoffDelay(this.failures + 1, this.options.random);
        return Date.now() + this.plannedDelay;
      },
    });
    // The same drain sends the queued analytics events (issue 15); their failure is not the sync's.
    await sendQueuedAnalytics().catch(() => 0);
    return outcome;
  }

  private cacheServerProgress(progress: readonly CourseProgress[]): void {
    const client = this.options.queryClient;
    if (!client) return;
    for (const course of progress) {
      client.setQueryData<ProgressRecord[]>(progressKeys.course(course.courseSlug), course.records);
      client.setQueryData<ProgressRecord[]>(
        progressKeys.list(),
        (old) => old && [...old.filter((r) => r.courseSlug !== course.courseSlug), ...course.records],
      );
    }
  }

  private beginSaving(): void {
    clearTimeout(this.savingTimer);
    this.savingSince ??= Date.now();
    if (!this.state.saving) this.setState({ saving: true });
    setProgressSaveState({ saving: true });
  }

  /** 'Saving...' stays at least 500 ms (1 s on phones) so it can be read (spec section 9). */
  private endSaving(): void {
    if (this.savingSince === null) return;
    const minimum = isMobileDevice() ? 1000 : 500;
    const remaining = Math.max(0, this.savingSince + minimum - Date.now());
    this.savingSince = null;
    const done = () => {
      this.setState({ saving: false });
      setProgressSaveState({ saving: false });
    };
    if (remaining === 0) done();
    else this.savingTimer = setTimeout(done, remaining);
  }

  private setState(next: Partial<SyncEngineState>): void {
    this.state = { ...this.state, ...next };
    if (!this.disposed) publish(this.userId, this.state);
  }
}

// ---------------------------------------------------------------------------------------------------
// One engine per teacher in this tab.

const engines = new Map<string, SyncEngine>();
let activeUserId: string | null = null;

onUserDbDelete((userId) => {
  engines.get(userId)?.dispose();
  engines.delete(userId);
  states.delete(userId);
  if (activeUserId === userId) activeUserId = null;
  for (const listener of stateListeners) listener();
});

/** The engine of this teacher in this tab (made on first use, not started). */
export function syncEngineFor(userId: string, options: SyncEngineOptions = {}): SyncEngine {
  let engine = engines.get(userId);
  if (!engine) {
    engine = new SyncEngine(userId, options);
    engines.set(userId, engine);
  } else if (options.queryClient) {
    engine.setQueryClient(options.queryClient);
  }
  return engine;
}

/** 'Sync now': drains the signed-in teacher's outbox at once. Resolves when the pass ends. */
export function syncNow(
  userId: string | null = activeUserId ?? signedInUserId(),
): Promise<DrainOutcome | null> {
  return userId ? syncEngineFor(userId).kick('manual') : Promise.resolve(null);
}

/** Mounted once (root layout): runs the signed-in teacher's engine while the app is open. */
export function useSyncEngine(): void {
  const userId = useMe().data?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const engine = syncEngineFor(userId, { queryClient });
    activeUserId = userId;
    engine.start();
    return () => {
      engine.stop();
      if (activeUserId === userId) activeUserId = null;
    };
  }, [userId, queryClient]);
  // While someone is signed in, a 401 "Please sign in to continue." from any call signs the page out,
  // keeping the outbox (session-end.ts, issue 26). Here, not in the first screen's providers: it only
  // matters once someone is signed in, and this code loads after the first screen (decision 079).
  useEffect(() => (userId ? followSessionEnd(queryClient) : undefined), [userId, queryClient]);
}

function subscribeStates(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export function useSyncEngineState(userId: string | undefined): SyncEngineState {
  return useSyncExternalStore(
    subscribeStates,
    () => (userId ? (states.get(userId) ?? idleState) : idleState),
    () => idleState,
  );
}

export type SyncStatusKind = 'offline' | 'saved' | 'saving' | 'waiting' | 'connectionIssues' | 'actionNeeded';

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

export const syncMessages = {
  /** The device is offline: nothing is sent, nothing spins; the work is kept (issue 16). */
  offline: (n: number) =>
    n > 0 ? `Offline · ${changes(n)} kept on this device` : 'Offline · your progress is kept on this device',
  saved: 'All changes saved',
  /** 'All changes saved at 2:05 PM' once this tab has synced. */
  savedAt: (iso: string) => `All changes saved at ${shortTime(new Date(iso))}`,
  saving: 'Saving...',
  waiting: (n: number) => `${changes(n)} waiting to sync`,
  /** Said next to a count of changes not yet on the server. */
  keptOnDevice: 'Your progress is kept on this device.',
  connectionIssues: progressMessages.connectionIssues,
  actionNeeded: 'Action needed',
} as const;

export interface SyncStatus {
  kind: SyncStatusKind;
  /** What the status line says. */
  label: string;
  /** Ops not yet on the server. */
  pendingCount: number;
  /** Ops the server refused, with their reasons; kept until dismissed. */
  rejectedOps: OutboxOp[];
  online: boolean;
  lastError: string | null;
  signedIn: boolean;
  syncNow: () => Promise<DrainOutcome | null>;
  dismiss: (opId: string) => Promise<void>;
}

/** The sync status of the signed-in teacher, for the always-visible status line. */
export function useSyncStatus(): SyncStatus {
  const userId = useMe().data?.id;
  const engine = useSyncEngineState(userId);
  const pendingCount = useOutboxPendingCount();
  const rejected = useRejectedOps();
  const online = useOnline();

  // Offline comes first: a save attempt cannot finish, so it is not shown as one (issue 16).
  let kind: SyncStatusKind = 'saved';
  if (!online) kind = 'offline';
  else if (engine.saving) kind = 'saving';
  else if (rejected.length > 0) kind = 'actionNeeded';
  else if (pendingCount > 0 && engine.failing) kind = 'connectionIssues';
  else if (pendingCount > 0) kind = 'waiting';

  const label =
    kind === 'offline'
      ? syncMessages.offline(pendingCount)
      : kind === 'waiting'
        ? syncMessages.waiting(pendingCount)
        : kind === 'saved' && engine.lastSyncedAt
          ? syncMessages.savedAt(engine.lastSyncedAt)
          : syncMessages[kind];
  return {
    kind,
    label,
    pendingCount,
    rejectedOps: rejected,
    online,
    lastError: engine.lastError,
    signedIn: Boolean(userId),
    syncNow: () => (userId ? syncEngineFor(userId).kick('manual') : Promise.resolve(null)),
    dismiss: (opId) => (userId ? dismissRejectedOp(userId, opId) : Promise.resolve()),
  };
}
