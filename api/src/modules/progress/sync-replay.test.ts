import { SyncResponse } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  freeCourse,
  partlyRight,
  quizOp,
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

describe('POST /api/progress/sync replayed', () => {
  it('applies a batch once: ten replays answer duplicate and change nothing', async () => {
    const teacher = await signedInTeacher(app);
    const ops = [
      quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1)),
      quizOp(freeCourse, 2, await wrongAnswers(freeCourse, 2)),
      quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2)),
      quizOp(freeCourse, 3, await partlyRight(freeCourse, 3, 2)),
    ];
    const first = await sync(teacher.client, ops);
    expect(first.status).toBe(200);
    const answer = SyncResponse.parse(first.body);
    expect(answer.results).toEqual(ops.map((op) => ({ opId: op.opId, status: 'applied' })));
    expect(answer.progress).toHaveLength(1);
    expect(answer.progress[0]?.generation).toBe(0);
    expect(answer.progress[0]?.records.map((r) => [r.moduleId, r.completed, r.score])).toEqual([
      [1, true, 100],
      [2, true, 100],
      [3, false, await scoreOf(freeCourse, 3, 2)],
    ]);

    for (let replay = 0; replay < 10; replay++) {
      // A re-application would move updatedAt (and completedAt of a fresh row): time moves on.
      app.clock.advance(60_000);
      const again = await sync(teacher.client, ops);
      expect(again.status).toBe(200);
      expect(again.body.results).toEqual(ops.map((op) => ({ opId: op.opId, status: 'duplicate' })));
      expect(again.body.progress).toEqual(answer.progress);
    }
    expect(await countReceipts(app.db, teacher.user.id)).toBe(ops.length);
  });

  it('answers a partly replayed batch op by op, in order', async () => {
    const teacher = await signedInTeacher(app);
    const old = quizOp(freeCourse, 1, await wrongAnswers(freeCourse, 1));
    await sync(teacher.client, [old]);
    const fresh = quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1));
    const res = await sync(teacher.client, [old, fresh, old]);
    expect(res.body.results).toEqual([
      { opId: old.opId, status: 'duplicate' },
      { opId: fresh.opId, status: 'applied' },
      { opId: old.opId, status: 'duplicate' },
    ]);
    expect(res.body.progress[0]?.records[0]).toMatchObject({ moduleId: 1, completed: true, score: 100 });
    expect(await countReceipts(app.db, teacher.user.id)).toBe(2);
  });
});
