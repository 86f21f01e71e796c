import { syncReasons } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  completedOn,
  freeCourse,
  otherDevice,
  quizOp,
  resetOp,
  rightAnswers,
  signedInTeacher,
  sync,
} from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('course resets in a batch', () => {
  it('drops ops made before a reset and keeps those made after it', async () => {
    const teacher = await signedInTeacher(app);
    const laptop = teacher.client;
    const tablet = await otherDevice(app, teacher);
    const m1 = await rightAnswers(freeCourse, 1);
    const m2 = await rightAnswers(freeCourse, 2);
    await sync(laptop, [quizOp(freeCourse, 1, m1, 0), quizOp(freeCourse, 2, m2, 0)]);

    const reset = resetOp(freeCourse, 0);
    const afterReset = await sync(laptop, [reset]);
    expect(afterReset.body.results).toEqual([{ opId: reset.opId, status: 'applied' }]);
    expect(afterReset.body.progress).toEqual([{ courseSlug: freeCourse, generation: 1, records: [] }]);

    // The tablet was offline and still on generation 0: its answer no longer counts.
    const stale = quizOp(freeCourse, 1, m1, 0);
    const late = await sync(tablet, [stale]);
    expect(late.body.results).toEqual([
      { opId: stale.opId, status: 'rejected', reason: syncReasons.supersededByReset },
    ]);
    expect(late.body.progress).toEqual([{ courseSlug: freeCourse, generation: 1, records: [] }]);

    // Its own reset, made on generation 0, was overtaken: applied, and changes nothing.
    const current = quizOp(freeCourse, 1, m1, 1);
    await sync(laptop, [current]);
    const staleReset = resetOp(freeCourse, 0);
    const noop = await sync(tablet, [staleReset]);
    expect(noop.body.results).toEqual([{ opId: staleReset.opId, status: 'applied' }]);
    expect(noop.body.progress[0]?.generation).toBe(1);
    expect(await completedOn(laptop, freeCourse)).toEqual([1]);

    // An op without a generation counts against the current one.
    await sync(tablet, [quizOp(freeCourse, 2, m2)]);
    expect(await completedOn(tablet, freeCourse)).toEqual([1, 2]);
  });

  it('orders ops within one batch: a reset drops the older ops after it', async () => {
    const teacher = await signedInTeacher(app);
    const m1 = await rightAnswers(freeCourse, 1);
    const before = quizOp(freeCourse, 1, m1, 0);
    const reset = resetOp(freeCourse, 0);
    const staleAfter = quizOp(freeCourse, 1, m1, 0);
    const freshAfter = quizOp(freeCourse, 1, m1, 1);
    const res = await sync(teacher.client, [before, reset, staleAfter, freshAfter]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected', 'applied']);
    expect(res.body.progress[0]).toMatchObject({
      generation: 1,
      records: [{ moduleId: 1, completed: true }],
    });
  });

  it('shares the generation with the online reset', async () => {
    const teacher = await signedInTeacher(app);
    const m1 = await rightAnswers(freeCourse, 1);
    await sync(teacher.client, [quizOp(freeCourse, 1, m1, 0)]);
    const deleted = await teacher.client.request('DELETE', `/api/progress/${freeCourse}`);
    expect(deleted.body).toEqual({ ok: true, generation: 1 });
    const stale = await sync(teacher.client, [quizOp(freeCourse, 1, m1, 0)]);
    expect(stale.body.results[0]?.status).toBe('rejected');
    expect(await completedOn(teacher.client, freeCourse)).toEqual([]);
    const reset = await sync(teacher.client, [resetOp(freeCourse, 1)]);
    expect(reset.body.progress[0]?.generation).toBe(2);
  });
});
