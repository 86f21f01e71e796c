import type { SyncOpResult } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  freeCourse,
  longFreeCourse,
  otherDevice,
  partlyRight,
  progressOf,
  quizOp,
  rightAnswers,
  scoreOf,
  signedInTeacher,
  sync,
} from '../../test/learning.js';
import { countReceipts } from './store.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('parallel batches', () => {
  it('applies each op exactly once when 20 overlapping batches race', async () => {
    const teacher = await signedInTeacher(app);
    const devices = [teacher.client, await otherDevice(app, teacher)];

    // 30 distinct ops on module 1 of two courses (merges commute, so any order gives one state):
    // the free course reaches 100; the long one never gets more than 2 right (not passed).
    const freeQuestions = (await rightAnswers(freeCourse, 1)).length;
    const pool: ReturnType<typeof quizOp>[] = [];
    for (let i = 0; i < 30; i++) {
      const onFree = i % 2 === 0;
      const nth = Math.floor(i / 2);
      // Free course: from none to all right (100); the long one: 0 to 2 right, never passed.
      const right = onFree ? nth % (freeQuestions + 1) : nth % 3;
      const slug = onFree ? freeCourse : longFreeCourse;
      pool.push(quizOp(slug, 1, await partlyRight(slug, 1, right)));
    }
    // Batch k holds ops 3k .. 3k+9 (mod 30): every op is in several batches, every batch overlaps others.
    const batches = Array.from({ length: 20 }, (_, k) =>
      Array.from({ length: 10 }, (_, j) => pool[(k * 3 + j) % pool.length] as ReturnType<typeof quizOp>),
    );

    const replies = await Promise.all(
      batches.map((ops, k) => sync(devices[k % devices.length] ?? teacher.client, ops)),
    );

    const applied = new Map<string, number>();
    for (const [k, reply] of replies.entries()) {
      expect(reply.status).toBe(200);
      expect(reply.body.results.map((r) => r.opId)).toEqual(batches[k]?.map((op) => op.opId));
      for (const result of reply.body.results as SyncOpResult[]) {
        expect(['applied', 'duplicate']).toContain(result.status);
        if (result.status === 'applied') applied.set(result.opId, (applied.get(result.opId) ?? 0) + 1);
      }
    }
    expect(applied.size).toBe(pool.length);
    expect([...applied.values()].every((n) => n === 1)).toBe(true);
    expect(await countReceipts(app.db, teacher.user.id)).toBe(pool.length);

    const records = await progressOf(teacher.client);
    expect(records.map((r) => [r.courseSlug, r.moduleId, r.completed, r.score])).toEqual([
      [longFreeCourse, 1, false, await scoreOf(longFreeCourse, 1, 2)],
      [freeCourse, 1, true, 100],
    ]);
  });
});
