import { maxOpsPerBatch, syncReasons, type ProgressRecord } from '@pd/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, stubApi, type RecordedRequest } from '../test/render';
import { deleteUserDb, emptyProgress, userDb, type OutboxOp } from './db';
import { drainOutbox } from './drain';
import { newOutboxOp } from './outbox';
import { saveModuleProgress } from './progress';
import { backoffDelay, SyncEngine, syncTimings } from './sync-engine';

const slug = 'ai-tools-beyond-chatgpt';
let userCount = 0;
let userId = '';

type WireOp = { opId: string; type: string; courseSlug: string; moduleId?: number };
const opsOf = (request: RecordedRequest) => (request.body as { ops: WireOp[] }).ops;

function record(moduleId: number, completed: boolean, score = completed ? 100 : 0): ProgressRecord {
  return { courseSlug: slug, moduleId, completed, score, answers: [] };
}

function quizOp(moduleId: number, score = 100): OutboxOp {
  return newOutboxOp({
    type: 'quiz-submitted',
    payload: { courseSlug: slug, moduleId, answers: [1] },
    localGrade: { score, passed: score >= 70 },
  });
}

/** Writes ops (and the device row they produced) as saveModuleProgress would. */
async function enqueue(...ops: OutboxOp[]) {
  const db = userDb(userId);
  await db.transaction('rw', db.outbox, db.progress, async () => {
    for (const op of ops) await db.outbox.add(op);
  });
  return ops;
}

/** A sync reply: each op gets `statusOf(op)`; the course's records are `records`. */
function reply(
  request: RecordedRequest,
  statusOf: (op: WireOp) => 'applied' | 'duplicate' | { rejected: string } = () => 'applied',
  records: ProgressRecord[] = [],
  generation = 0,
) {
  return jsonResponse(200, {
    results: opsOf(request).map((op) => {
      const status = statusOf(op);
      return typeof status === 'string'
        ? { opId: op.opId, status }
        : { opId: op.opId, status: 'rejected', reason: status.rejected };
    }),
    progress: [{ courseSlug: slug, generation, records }],
  });
}

const engines: SyncEngine[] = [];
function engine(options: ConstructorParameters<typeof SyncEngine>[1] = {}) {
  const made = new SyncEngine(userId, { rebuildOnStart: false, random: () => 0.5, ...options });
  engines.push(made);
  return made;
}

beforeEach(() => {
  userId = `drain-${++userCount}`;
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
    stubApi();
    const [existing] = await enqueue(quizOp(2));
    // The next op id collides with one already queued (unique index), so its write fails...
    vi.spyOn(crypto, 'randomUUID').mockReturnValueOnce(
      existing!.opId as `${string}-${string}-${string}-${string}-${string}`,
    );
    await expect(
      saveModuleProgress({ courseSlug: slug, moduleId: 1, answers: [1], answerKey: [1] }, { userId }),
    ).rejects.toThrow();
    // ...and the progress written in the same transaction is rolled back with it.
    expect(await userDb(userId).progress.get(slug)).toBeUndefined();
    expect(await userDb(userId).outbox.count()).toBe(1);
  });
});

describe('drainOutbox', () => {
  it('deletes ops the server answers duplicate, and unions the merged progress into the device', async () => {
    const api = stubApi({
      'POST /api/progress/sync': (request) => reply(request, () => 'duplicate', [record(1, true, 90)], 1),
    });
    await userDb(userId).progress.put({ ...emptyProgress(slug), currentModule: 2 });
    await enqueue(quizOp(1));
    const outcome = await drainOutbox(userId);
    expect(outcome).toEqual({ status: 'done', sent: 1, applied: 1, rejected: 0 });
    expect(api.calls('POST /api/progress/sync')).toHaveLength(1);
    expect(await userDb(userId).outbox.count()).toBe(0);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [1],
      quizScores: { 1: 90 },
      currentModule: 2,
      generation: 1,
      generationKnown: true,
    });
  });

  it('handles a partial failure: applied ops go, the rejected one stays with its reason', async () => {
    const ops = await enqueue(quizOp(1), quizOp(3), quizOp(2));
    stubApi({
      'POST /api/progress/sync': (request) =>
        reply(request, (op) => (op.moduleId === 3 ? { rejected: syncReasons.moduleLocked } : 'applied'), [
          record(1, true),
          record(2, true),
        ]),
    });
    const outcome = await drainOutbox(userId);
    expect(outcome).toEqual({ status: 'done', sent: 3, applied: 2, rejected: 1 });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { opId: ops[1]!.opId, status: 'rejected', reason: syncReasons.moduleLocked },
    ]);
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [1, 2] });
  });

  it('lets the server grade win, while ops still pending stay on screen', async () => {
    await userDb(userId).progress.put({
      ...emptyProgress(slug),
      completedModules: [2],
      quizScores: { 2: 100 },
    });
    await enqueue(quizOp(2));
    let calls = 0;
    stubApi({
      'POST /api/progress/sync': async (request) => {
        calls += 1;
        if (calls > 1) return jsonResponse(503, { error: 'Down' });
        // Made on the device while the first batch is on its way.
        await enqueue(quizOp(1, 100));
        return reply(request, () => 'applied', [record(2, false, 40)]);
      },
    });
    expect(await drainOutbox(userId, { batchSize: 1 })).toMatchObject({ status: 'failed', sent: 1 });
    // Module 2: the server's 40 (not passed) replaces the device's 100. Module 1: still pending, kept.
    expect(await userDb(userId).progress.get(slug)).toMatchObject({
      completedModules: [1],
      quizScores: { 1: 100, 2: 40 },
    });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { type: 'quiz-submitted', payload: { moduleId: 1 }, status: 'pending' },
    ]);
  });

  it(`sends batches of at most ${maxOpsPerBatch}, oldest first`, async () => {
    const api = stubApi({ 'POST /api/progress/sync': (request) => reply(request) });
    const ops = await enqueue(...Array.from({ length: 120 }, (_, i) => quizOp((i % 3) + 1)));
    await drainOutbox(userId);
    const batches = api.calls('POST /api/progress/sync').map(opsOf);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat().map((op) => op.opId)).toEqual(ops.map((op) => op.opId));
    expect(await userDb(userId).outbox.count()).toBe(0);
  });

  it('isolates an op the server refuses as malformed (400) and rejects only that one', async () => {
    const [bad] = await enqueue(quizOp(1), quizOp(2));
    stubApi({
      'POST /api/progress/sync': (request) =>
        opsOf(request).some((op) => op.opId === bad!.opId)
          ? jsonResponse(400, { error: 'Answers must be a list of choice numbers' })
          : reply(request),
    });
    expect(await drainOutbox(userId)).toMatchObject({ status: 'done', sent: 1, rejected: 1 });
    expect(await userDb(userId).outbox.toArray()).toMatchObject([
      { opId: bad!.opId, status: 'rejected', reason: 'Answers must be a list of choice numbers' },
    ]);
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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let attempt = 0;
    const api = stubApi({
      'POST /api/progress/sync': (request) => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        if (attempt === 2) return jsonResponse(503, { error: 'Down' });
        return reply(request, () => 'applied', [record(1, true)]);
      },
    });
    const sent = () => api.calls('POST /api/progress/sync').length;
    const nextRetryIn = () => (sync.getState().nextRetryAt ?? 0) - Date.now();
    await enqueue(quizOp(1));
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

    // 3. The server is back: the retry drains the op and the status clears.
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
    expect(sent()).toBe(3);
    await vi.waitFor(() =>
      expect(sync.getState()).toMatchObject({ failing: false, lastError: null, nextRetryAt: null }),
    );
    expect(await userDb(userId).progress.get(slug)).toMatchObject({ completedModules: [1] });
  });

  it('drains every 30 s while ops are pending, and when the connection comes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const api = stubApi({ 'POST /api/progress/sync': (request) => reply(request) });
    const sent = () => api.calls('POST /api/progress/sync').length;
    const sync = engine({ lease: { settleMs: 0 } });
    sync.start();
    await vi.waitFor(() => expect(sync.getState().lastSyncedAt).not.toBeNull());
    expect(sent()).toBe(0); // nothing was pending at start

    await enqueue(quizOp(1));
    await vi.advanceTimersByTimeAsync(syncTimings.intervalMs);
    await vi.waitFor(() => expect(sent()).toBe(1));

    await vi.waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
    await enqueue(quizOp(2));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent()).toBe(2));
    await vi.waitFor(async () => expect(await userDb(userId).outbox.count()).toBe(0));
  });

  it("drains on the service worker's SYNC_OUTBOX message", async () => {
    const worker = new EventTarget();
    vi.stubGlobal('navigator', { ...navigator, onLine: true, serviceWorker: worker });
    const api = stubApi({ 'POST /api/progress/sync': (request) => reply(request) });
    const sync = engine({ lease: { settleMs: 0 } });
    sync.start();
    await vi.waitFor(() => expect(sync.getState().lastSyncedAt).not.toBeNull());
    await enqueue(quizOp(1));
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SYNC_OUTBOX' } }));
    await vi.waitFor(() => expect(api.calls('POST /api/progress/sync')).toHaveLength(1));
  });

  it('lets only one of two tabs drain at a time (no Web Locks: the localStorage lease)', async () => {
    expect(navigator.locks).toBeUndefined();
    const gate = deferred<void>();
    const api = stubApi({
      'POST /api/progress/sync': async (request) => {
        await gate.promise;
        return reply(request);
      },
    });
    await enqueue(quizOp(1), quizOp(2));
    const tabA = engine();
    const tabB = engine();
    const a = tabA.kick('manual');
    const b = tabB.kick('manual');
    await vi.waitFor(() => expect(api.calls('POST /api/progress/sync')).toHaveLength(1));
    gate.resolve();
    const outcomes = await Promise.all([a, b]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1); // one found the lock busy
    expect(outcomes.find((o) => o !== null)).toMatchObject({ status: 'done', sent: 2 });
    expect(api.calls('POST /api/progress/sync')).toHaveLength(1);
    expect(await userDb(userId).outbox.count()).toBe(0);
  });

  it('uses Web Locks when the browser has them', async () => {
    const request = vi.fn(
      async (_name: string, _options: { ifAvailable: boolean }, task: (lock: object | null) => unknown) =>
        task({}),
    );
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    stubApi({ 'POST /api/progress/sync': (req) => reply(req) });
    await enqueue(quizOp(1));
    expect(await engine().kick('manual')).toMatchObject({ status: 'done', sent: 1 });
    expect(request).toHaveBeenCalledWith('pd-outbox-drain', { ifAvailable: true }, expect.any(Function));
  });
});
