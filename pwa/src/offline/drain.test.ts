// @vitest-environment jsdom-api
import { maxOpsPerBatch, syncReasons } from '@pd/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/render';
import {
  freeCourse as slug,
  partlyRight,
  scoreOf,
  rightAnswers,
  setupRealApi,
  type SentRequest,
  type Teacher,
} from '../test/real-api';
import { deleteUserDb, emptyProgress, userDb, type OutboxOp } from './db';
import { drainOutbox } from './drain';
import { newOutboxOp } from './outbox';
import { saveModuleProgress } from './progress';
import { backoffDelay, SyncEngine, syncTimings } from './sync-engine';

/**
 * The drain and the sync engine against the real api (src/test/real-api.ts): every answer below is
 * the server's own (its grading, its exactly-once receipts, its locks and reset generations); the
 * network only fails where a test says so.
 */
const api = setupRealApi();

type WireOp = { opId: string; type: string; courseSlug: string; moduleId?: number };
const opsOf = (request: SentRequest) => (request.body as { ops: WireOp[] }).ops;
const syncCalls = () => api.calls('POST /api/progress/sync');

let teacher: Teacher;
let userId = '';

/** A quiz op as saveModuleProgress makes it: the answers, and the grade the device gave them. */
function quizOp(
  moduleId: number,
  answers: number[],
  localGrade = { score: 100, passed: true },
  generation?: number,
): OutboxOp {
  return newOutboxOp({
    type: 'quiz-submitted',
    payload: { courseSlug: slug, moduleId, answers, ...(generation === undefined ? {} : { generation }) },
    localGrade,
  });
}

const right = (moduleId: number) => rightAnswers(slug, moduleId);

/** Writes ops to the outbox as saveModuleProgress would. */
async function enqueue(...ops: OutboxOp[]) {
  const db = userDb(userId);
  await db.transaction('rw', db.outbox, db.progress, async () => {
    for (const op of ops) await db.outbox.add(op);
  });
  return ops;
}

const engines: SyncEngine[] = [];
function engine(options: ConstructorParameters<typeof SyncEngine>[1] = {}) {
  const made = new SyncEngine(userId, { rebuildOnStart: false, random: () => 0.5, ...options });
  engines.push(made);
  return made;
}

beforeEach(async () => {
  // A new teacher per test, signed in on the page (the session cookie in its jar).
  teacher = await api.signedInTeacher();
  userId = teacher.id;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  for (const made of engines.splice(0)) made.dispose();
  vi.useRealTimers();
  localStorage.clear();
  await deleteUserDb(userId);
  vi.mocked(console.warn).mockRestore();
});

describe('the outbox', () => {
  it('writes the progress row and its op atomically: a failed op write leaves no progress', async () => {
    const [existing] = await enqueue(quizOp(2, await right(2)));
    // The next op id collides with one already queued (unique index), so its write fails...
    vi.spyOn(crypto, 'randomUUID').mockReturnValueOnce(
      existing!.opId as `${string}-${string}-${string}-${string}-${string}`,
    );
    const answers = await right(1);
    await expect(
      saveModuleProgress({ courseSlug: slug, moduleId: 1, answers, answerKey: answers }, { userId }),
    ).rejects.toThrow();
    // ...and the progress written in the same transaction is rolled back with it.
    expect(await userDb(userId).progress.get(slug)).toBeUndefined();
    expect(await userDb(userId).outbox.count()).toBe(1);
    expect(syncCalls()).toHaveLength(0);
  });
});

describe('drainOutbox', () => {
  it('sends an op again when its reply was lost: the server counts it once (duplicate), the op goes, the merged progress comes in', async () => {
    // The teacher's other device reset the course: the server is at generation 1.
    expect((await (await teacher.device()).request('DELETE', `/api/progress/${slug}`)).status).toBe(200);
    await userDb(userId).progress.put({ ...emptyProgress(slug), currentModule: 2 });
    const [op] = await enqueue(quizOp(1, await right(1)));
    api.network.fail('lost-reply');

    expect(await drainOutbox(userId)).toMatchObject({ status: 'failed', sent: 0 });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { opId: op!.opId, status: 'pending', tries: 1 },
    ]);
    // The server did take it.
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: true, score: 100 }]);

    expect(await drainOutbox(userId)).toEqual({ status: 'done', sent: 1, applied: 1, rejected: 0 });
    expect(syncCalls().map((call) => opsOf(call).map((o) => o.opId))).toEqual([[op!.opId], [op!.opId]]);
    expect(await userDb(userId).outbox.count()).toBe(0);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [1],
      quizScores: { 1: 100 },
      currentModule: 2,
      generation: 1,
      generationKnown: true,
    });
    // Once: one record, its first completion kept.
    expect(await api.serverProgress(slug)).toHaveLength(1);
  });

  it('handles a partial failure: applied ops go, the one the server refuses stays with its reason', async () => {
    // Module 3 comes before module 2 is completed: the server refuses it (locked).
    const ops = await enqueue(
      quizOp(1, await right(1)),
      quizOp(3, await right(3)),
      quizOp(2, await right(2)),
    );
    const outcome = await drainOutbox(userId);
    expect(outcome).toEqual({ status: 'done', sent: 3, applied: 2, rejected: 1 });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { opId: ops[1]!.opId, status: 'rejected', reason: syncReasons.moduleLocked },
    ]);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [1, 2] });
    expect((await api.serverProgress(slug)).map((r) => [r.moduleId, r.completed])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('lets the server grade win, while ops still pending stay on screen', async () => {
    // Module 1 completed online; the device then graded module 2 with a key the server has since fixed.
    expect(
      (await (await teacher.device()).post(`/api/progress/${slug}/1`, { answers: await right(1) })).status,
    ).toBe(200);
    await userDb(userId).progress.put({
      ...emptyProgress(slug),
      completedModules: [1, 2],
      quizScores: { 1: 100, 2: 100 },
    });
    await enqueue(quizOp(2, await partlyRight(slug, 2, 1)));
    const madeInFlight = quizOp(3, await right(3));
    api.network.beforeSend(async (request) => {
      // Made on the device while the first batch is on its way.
      if (request.url === '/api/progress/sync' && syncCalls().length === 1) await enqueue(madeInFlight);
    });
    api.network.fail({ status: 503 }, { when: () => syncCalls().length > 1 });

    expect(await drainOutbox(userId, { batchSize: 1 })).toMatchObject({ status: 'failed', sent: 1 });
    // Module 2: the server's grade (one right: not passed) replaces the device's 100. Module 3: still pending, its
    // grade kept on screen (not completed: module 2 no longer is).
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [1],
      quizScores: { 1: 100, 2: await scoreOf(slug, 2, 1), 3: 100 },
    });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { opId: madeInFlight.opId, payload: { moduleId: 3 }, status: 'pending', tries: 1 },
    ]);
  });

  it(`sends batches of at most ${maxOpsPerBatch}, oldest first, each op once`, async () => {
    const answers = [await right(1), await right(2), await right(3)];
    const ops = await enqueue(...Array.from({ length: 120 }, (_, i) => quizOp((i % 3) + 1, answers[i % 3]!)));
    expect(await drainOutbox(userId)).toEqual({ status: 'done', sent: 120, applied: 120, rejected: 0 });
    const batches = syncCalls().map(opsOf);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat().map((op) => op.opId)).toEqual(ops.map((op) => op.opId));
    expect(await userDb(userId).outbox.count()).toBe(0);
    expect(await api.serverProgress(slug)).toMatchObject([
      { moduleId: 1, completed: true },
      { moduleId: 2, completed: true },
      { moduleId: 3, completed: true },
    ]);
  });

  it('isolates an op the server refuses as malformed (400) and rejects only that one', async () => {
    // Answers of a choice the quiz never had (an older app's op): the server refuses the batch.
    const [bad] = await enqueue(quizOp(1, [7, 7, 7]), quizOp(1, await right(1)));
    expect(await drainOutbox(userId)).toMatchObject({ status: 'done', sent: 1, rejected: 1 });
    expect(syncCalls().map((call) => opsOf(call).length)).toEqual([2, 1, 1]);
    // The reason kept is the api's own answer to that op.
    const refused = await (
      await teacher.device()
    ).post<{ error: string }>('/api/progress/sync', {
      ops: [opsOf(syncCalls()[1]!)[0]],
    });
    expect(refused.status).toBe(400);
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { opId: bad!.opId, status: 'rejected', reason: refused.body.error },
    ]);
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: true }]);
  });

  it('keeps the ops when the session ends mid-drain (401), and sends them once signed in again', async () => {
    const answers = await right(1);
    const ops = await enqueue(...Array.from({ length: maxOpsPerBatch + 10 }, () => quizOp(1, answers)));
    api.network.beforeSend(async (request) => {
      if (request.url === '/api/progress/sync' && syncCalls().length === 2) await api.endPageSession();
    });
    const outcome = await drainOutbox(userId);
    expect(outcome).toMatchObject({ status: 'failed', sent: maxOpsPerBatch });
    const left = await userDb(userId).outbox.toArray();
    expect(left.map((op) => op.opId)).toEqual(ops.slice(maxOpsPerBatch).map((op) => op.opId));
    expect(left).toMatchObject(Array.from({ length: 10 }, () => ({ status: 'pending', tries: 1 })));
    expect(left[0]?.lastError).toMatch(/sign in/i);

    await api.signIn(teacher);
    expect(await drainOutbox(userId)).toEqual({ status: 'done', sent: 10, applied: 10, rejected: 0 });
    expect(await userDb(userId).outbox.count()).toBe(0);
  });

  it("surfaces a quiz made before another device's reset: the server refuses it and the device takes the new generation", async () => {
    await userDb(userId).progress.put({ ...emptyProgress(slug), generation: 0, generationKnown: true });
    const [stale] = await enqueue(quizOp(1, await right(1), undefined, 0));
    // Meanwhile the teacher's other device resets the course (generation 0 -> 1).
    expect((await (await teacher.device()).request('DELETE', `/api/progress/${slug}`)).status).toBe(200);

    expect(await drainOutbox(userId)).toEqual({ status: 'done', sent: 1, applied: 0, rejected: 1 });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { opId: stale!.opId, status: 'rejected', reason: syncReasons.supersededByReset },
    ]);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [],
      quizScores: {},
      generation: 1,
      generationKnown: true,
    });
    expect(await api.serverProgress(slug)).toEqual([]);
  });
});

describe('the sync engine', () => {
  it('backs off 2 s, 4 s, 8 s ... capped at 60 s, with jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => backoffDelay(n, () => 0.5))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
    expect(backoffDelay(1, () => 0)).toBe(1600);
    expect(backoffDelay(1, () => 1)).toBe(2400);
    expect(backoffDelay(9, () => 1)).toBe(syncTimings.backoffMaxMs);
  });

  it('keeps the ops on a network error, backs off, and retries until the server takes them', async () => {
    await enqueue(quizOp(1, await right(1)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Offline first, then a gateway's 503, then the way to the api is open.
    api.network.fail('offline');
    api.network.fail({ status: 503 });
    const sent = () => syncCalls().length;
    const nextRetryIn = () => (sync.getState().nextRetryAt ?? 0) - Date.now();
    const sync = engine({ lease: { settleMs: 0 } });

    // 1. Offline: the op stays, counted and explained; the retry is due in 2 s.
    expect(await sync.kick('manual')).toMatchObject({ status: 'failed' });
    expect(sync.getState()).toMatchObject({ failing: true });
    expect(nextRetryIn()).toBe(2000);
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { status: 'pending', tries: 1, lastError: expect.stringContaining('Unable to reach the server') },
    ]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent()).toBe(1);

    // 2. 2 s later: a 503, so the next wait is 4 s.
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect((await userDb(userId).outbox.toArray())[0]?.tries).toBe(2));
    expect(sent()).toBe(2);
    await vi.waitFor(() => expect(nextRetryIn()).toBeGreaterThan(3500));
    expect(nextRetryIn()).toBeLessThanOrEqual(4000);
    await vi.advanceTimersByTimeAsync(nextRetryIn() - 1);
    expect(sent()).toBe(2);

    // 3. The server is reachable: the retry drains the op and the status clears.
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
    expect(sent()).toBe(3);
    await vi.waitFor(() =>
      expect(sync.getState()).toMatchObject({ failing: false, lastError: null, nextRetryAt: null }),
    );
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [1] });
    expect(await api.serverProgress(slug)).toMatchObject([{ moduleId: 1, completed: true }]);
  });

  it('drains every 30 s while ops are pending, and when the connection comes back', async () => {
    const first = quizOp(1, await right(1));
    const second = quizOp(2, await right(2));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const sent = () => syncCalls().length;
    const sync = engine({ lease: { settleMs: 0 } });
    sync.start();
    await vi.waitFor(() => expect(sync.getState().lastSyncedAt).not.toBeNull());
    expect(sent()).toBe(0); // nothing was pending at start

    await enqueue(first);
    await vi.advanceTimersByTimeAsync(syncTimings.intervalMs);
    await vi.waitFor(() => expect(sent()).toBe(1));

    await vi.waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
    await enqueue(second);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent()).toBe(2));
    await vi.waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
    expect(await api.serverProgress(slug)).toHaveLength(2);
  });

  it("drains on the service worker's SYNC_OUTBOX message", async () => {
    const worker = new EventTarget();
    vi.stubGlobal('navigator', { ...navigator, onLine: true, serviceWorker: worker });
    const sync = engine({ lease: { settleMs: 0 } });
    sync.start();
    await vi.waitFor(() => expect(sync.getState().lastSyncedAt).not.toBeNull());
    await enqueue(quizOp(1, await right(1)));
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SYNC_OUTBOX' } }));
    await vi.waitFor(() => expect(syncCalls()).toHaveLength(1));
    await vi.waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
  });

  it('lets only one of two tabs drain at a time (no Web Locks: the localStorage lease)', async () => {
    expect(navigator.locks).toBeUndefined();
    const gate = deferred<void>();
    api.network.beforeSend(() => gate.promise);
    await enqueue(quizOp(1, await right(1)), quizOp(2, await right(2)));
    const tabA = engine();
    const tabB = engine();
    const a = tabA.kick('manual');
    const b = tabB.kick('manual');
    await vi.waitFor(() => expect(syncCalls()).toHaveLength(1));
    gate.resolve();
    const outcomes = await Promise.all([a, b]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1); // one found the lock busy
    expect(outcomes.find((o) => o !== null)).toMatchObject({ status: 'done', sent: 2 });
    expect(syncCalls()).toHaveLength(1);
    expect(await userDb(userId).outbox.count()).toBe(0);
  });

  it('uses Web Locks when the browser has them', async () => {
    const request = vi.fn(
      async (_name: string, _options: { ifAvailable: boolean }, task: (lock: object | null) => unknown) =>
        task({}),
    );
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    await enqueue(quizOp(1, await right(1)));
    expect(await engine().kick('manual')).toMatchObject({ status: 'done', sent: 1 });
    expect(request).toHaveBeenCalledWith('pd-outbox-drain', { ifAvailable: true }, expect.any(Function));
  });
});
