import { type SyncOpResult, syncReasons } from '@pd/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncReceipts } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  freeCourse,
  longFreeCourse,
  otherDevice,
  partlyRight,
  premiumCourse,
  progressOf,
  quizOp,
  resetOp,
  rightAnswers,
  scoreOf,
  signedInTeacher,
  sync,
  wrongAnswers,
} from '../../test/learning.js';
import { countReceipts } from './store.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** [opId, status, reason] of each stored receipt of a teacher. */
async function receiptsOf(userId: string): Promise<Map<string, [string, string | null]>> {
  const rows = await app.db
    .select({ opId: syncReceipts.opId, status: syncReceipts.status, reason: syncReceipts.reason })
    .from(syncReceipts)
    .where(eq(syncReceipts.userId, userId));
  return new Map(rows.map((r) => [r.opId, [r.status, r.reason]]));
}

describe('one sync batch, one transaction', () => {
  it('answers applied, duplicate and rejected ops across two courses in the request order', async () => {
    const teacher = await signedInTeacher(app);
    const earlier = quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1));
    await sync(teacher.client, [earlier]);

    const free2 = quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2));
    // Module 2 of the long course is still locked here; module 1 comes later in the batch.
    const longLocked = quizOp(longFreeCourse, 2, await rightAnswers(longFreeCourse, 2));
    const long1 = quizOp(longFreeCourse, 1, await rightAnswers(longFreeCourse, 1));
    const long2 = quizOp(longFreeCourse, 2, await partlyRight(longFreeCourse, 2, 1));
    const badCount = quizOp(freeCourse, 3, [0]);
    const premium = quizOp(premiumCourse, 1, await rightAnswers(premiumCourse, 1));
    const ops = [earlier, free2, longLocked, long1, long2, badCount, premium];
    const res = await sync(teacher.client, ops);

    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { opId: earlier.opId, status: 'duplicate' },
      { opId: free2.opId, status: 'applied' },
      { opId: longLocked.opId, status: 'rejected', reason: syncReasons.moduleLocked },
      { opId: long1.opId, status: 'applied' },
      { opId: long2.opId, status: 'applied' },
      { opId: badCount.opId, status: 'rejected', reason: syncReasons.wrongAnswerCount },
      { opId: premium.opId, status: 'rejected', reason: syncReasons.notEntitled },
    ]);
    // Every course the batch touched, in the order the batch named them.
    const summary = res.body.progress.map((p) => [
      p.courseSlug,
      p.generation,
      p.records.map((r) => [r.moduleId, r.completed, r.score]),
    ]);
    expect(summary).toEqual([
      [
        freeCourse,
        0,
        [
          [1, true, 100],
          [2, true, 100],
        ],
      ],
      [
        longFreeCourse,
        0,
        [
          [1, true, 100],
          [2, false, await scoreOf(longFreeCourse, 2, 1)],
        ],
      ],
      [premiumCourse, 0, []],
    ]);
    // What was answered is what was stored.
    const stored = await progressOf(teacher.client);
    expect(stored).toEqual(
      [...(res.body.progress[1]?.records ?? []), ...(res.body.progress[0]?.records ?? [])].sort(
        (a, b) => a.courseSlug.localeCompare(b.courseSlug) || a.moduleId - b.moduleId,
      ),
    );
    // Each refusal is kept with its reason; the rest are receipts of applied ops.
    const receipts = await receiptsOf(teacher.user.id);
    expect(receipts.size).toBe(ops.length);
    expect(receipts.get(longLocked.opId)).toEqual(['rejected', syncReasons.moduleLocked]);
    expect(receipts.get(badCount.opId)).toEqual(['rejected', syncReasons.wrongAnswerCount]);
    expect(receipts.get(premium.opId)).toEqual(['rejected', syncReasons.notEntitled]);
    expect(receipts.get(long2.opId)).toEqual(['applied', null]);
  });

  it('applies an op id once when it comes twice in one batch, whatever the second one says', async () => {
    const teacher = await signedInTeacher(app);
    const wrong = quizOp(freeCourse, 1, await wrongAnswers(freeCourse, 1));
    const sameIdRight = { ...quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1)), opId: wrong.opId };
    const sameIdUpperCase = { ...sameIdRight, opId: wrong.opId.toUpperCase() };
    const res = await sync(teacher.client, [wrong, sameIdRight, sameIdUpperCase]);
    expect(res.body.results).toEqual([
      { opId: wrong.opId, status: 'applied' },
      { opId: wrong.opId, status: 'duplicate' },
      { opId: sameIdUpperCase.opId, status: 'duplicate' },
    ]);
    expect(res.body.progress[0]?.records.map((r) => [r.moduleId, r.completed, r.score])).toEqual([
      [1, false, 0],
    ]);
    expect(await countReceipts(app.db, teacher.user.id)).toBe(1);
  });

  it("applies another teacher's op that reuses an op id: receipts are keyed by user and op id (issue 17)", async () => {
    const a = await signedInTeacher(app);
    const b = await signedInTeacher(app);
    const opA = quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1));
    const opB = { ...quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1)), opId: opA.opId };
    expect((await sync(a.client, [opA])).body.results).toEqual([{ opId: opA.opId, status: 'applied' }]);
    const res = await sync(b.client, [opB]);
    expect(res.body.results).toEqual([{ opId: opA.opId, status: 'applied' }]);
    const progressOfB = await b.client.get<{ moduleId: number; completed: boolean }[]>(
      `/api/progress?courseSlug=${freeCourse}`,
    );
    expect(progressOfB.body).toEqual([expect.objectContaining({ moduleId: 1, completed: true })]);
    expect((await sync(b.client, [opB])).body.results).toEqual([{ opId: opA.opId, status: 'duplicate' }]);
  });

  it('applies an op whose id the device wrote in upper case, once', async () => {
    const teacher = await signedInTeacher(app);
    const op = quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1));
    const upper = { ...op, opId: op.opId.toUpperCase() };
    const first = await sync(teacher.client, [upper]);
    expect(first.body.results).toEqual([{ opId: upper.opId, status: 'applied' }]);
    const again = await sync(teacher.client, [op]);
    expect(again.body.results).toEqual([{ opId: op.opId, status: 'duplicate' }]);
    expect(await progressOf(teacher.client)).toEqual([
      expect.objectContaining({ moduleId: 1, completed: true, score: 100 }),
    ]);
  });

  it('applies each op of a batch exactly once when 20 copies of it race', async () => {
    const teacher = await signedInTeacher(app);
    const devices = [teacher.client, await otherDevice(app, teacher)];
    const ops = [
      quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1)),
      quizOp(longFreeCourse, 1, await wrongAnswers(longFreeCourse, 1)),
      quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2)),
      quizOp(longFreeCourse, 2, await rightAnswers(longFreeCourse, 2)),
      quizOp(longFreeCourse, 1, await partlyRight(longFreeCourse, 1, 2)),
      quizOp(freeCourse, 3, await partlyRight(freeCourse, 3, 2)),
    ];
    const expected = ['applied', 'applied', 'applied', 'rejected', 'applied', 'applied'];

    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, k) => sync(devices[k % devices.length] ?? teacher.client, ops)),
    );

    const firstTimes = ops.map(() => [] as SyncOpResult[]);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body.results.map((r) => r.opId)).toEqual(ops.map((op) => op.opId));
      reply.body.results.forEach((result, i) => {
        if (result.status !== 'duplicate') firstTimes[i]?.push(result);
      });
    }
    // Each op was taken by exactly one of the 20, with the answer a single batch would get.
    expect(firstTimes.map((results) => results.length)).toEqual(ops.map(() => 1));
    expect(firstTimes.map((results) => results[0]?.status)).toEqual(expected);
    expect(await countReceipts(app.db, teacher.user.id)).toBe(ops.length);

    const stored = await progressOf(teacher.client);
    expect(stored.map((r) => [r.courseSlug, r.moduleId, r.completed, r.score])).toEqual([
      [longFreeCourse, 1, false, await scoreOf(longFreeCourse, 1, 2)],
      [freeCourse, 1, true, 100],
      [freeCourse, 2, true, 100],
      [freeCourse, 3, false, await scoreOf(freeCourse, 3, 2)],
    ]);
    // Every copy answered after the one that applied it had committed: all show the stored state.
    for (const reply of replies) {
      expect(reply.body.progress.flatMap((p) => p.records)).toEqual(
        expect.arrayContaining(stored.map((r) => expect.objectContaining(r))),
      );
      expect(reply.body.progress.flatMap((p) => p.records)).toHaveLength(stored.length);
    }
  });

  it('applies a reset in the middle of a batch to the ops before and after it', async () => {
    const teacher = await signedInTeacher(app);
    const m1 = await rightAnswers(freeCourse, 1);
    const ops = [
      quizOp(freeCourse, 1, m1, 0),
      quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2), 0),
      quizOp(longFreeCourse, 1, await rightAnswers(longFreeCourse, 1)),
      resetOp(freeCourse, 0),
      // Made before the reset (generation 0): not counted.
      quizOp(freeCourse, 1, m1, 0),
      // Made after it: a failed attempt on the fresh course.
      quizOp(freeCourse, 1, await wrongAnswers(freeCourse, 1), 1),
      // Module 2's earlier completion went with the reset: it is locked again.
      quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2), 1),
      quizOp(longFreeCourse, 2, await rightAnswers(longFreeCourse, 2)),
    ];
    const res = await sync(teacher.client, ops);
    expect(res.body.results.map((r) => [r.status, r.reason])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
      ['applied', undefined],
      ['applied', undefined],
      ['rejected', syncReasons.supersededByReset],
      ['applied', undefined],
      ['rejected', syncReasons.moduleLocked],
      ['applied', undefined],
    ]);
    const summary = res.body.progress.map((p) => [
      p.courseSlug,
      p.generation,
      p.records.map((r) => [r.moduleId, r.completed, r.score, r.completedAt]),
    ]);
    expect(summary).toEqual([
      [freeCourse, 1, [[1, false, 0, null]]],
      [
        longFreeCourse,
        0,
        [
          [1, true, 100, expect.any(String)],
          [2, true, 100, expect.any(String)],
        ],
      ],
    ]);
    expect(await progressOf(teacher.client, freeCourse)).toEqual(res.body.progress[0]?.records);
    expect(await progressOf(teacher.client, longFreeCourse)).toEqual(res.body.progress[1]?.records);
  });
});

describe('a batch that fails part way', () => {
  it('rolls back every op and its receipt, so the device can send the batch again', async () => {
    const teacher = await signedInTeacher(app);
    const ops = [
      quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1)),
      quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2)),
      quizOp(freeCourse, 3, [0]),
    ];
    // A real database refusal after the receipts are in: this teacher's module 2 cannot be stored.
    const constraint = `fail_${teacher.user.id.replaceAll('-', '')}`;
    await app.db.execute(
      sql.raw(
        `ALTER TABLE progress ADD CONSTRAINT ${constraint} CHECK (user_id <> '${teacher.user.id}' OR module_id <> 2)`,
      ),
    );
    try {
      const failed = await sync(teacher.client, ops);
      expect(failed.status).toBe(500);
      expect(await countReceipts(app.db, teacher.user.id)).toBe(0);
      expect(await progressOf(teacher.client)).toEqual([]);
    } finally {
      await app.db.execute(sql.raw(`ALTER TABLE progress DROP CONSTRAINT ${constraint}`));
    }

    const again = await sync(teacher.client, ops);
    expect(again.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    expect((await progressOf(teacher.client)).map((r) => [r.moduleId, r.completed])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(await countReceipts(app.db, teacher.user.id)).toBe(3);
  });
});
