import { authMessages, malformedOpReason, maxOpsPerBatch, syncReasons } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  freeCourse,
  progressOf,
  quizOp,
  resetOp,
  rightAnswers,
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

describe('POST /api/progress/sync refuses what it must', () => {
  it('grades a forged completion in a batch as not complete', async () => {
    const { client } = await signedInTeacher(app);
    const forged = {
      ...quizOp(freeCourse, 1, await wrongAnswers(freeCourse, 1)),
      completed: true,
      score: 100,
    };
    const res = await sync(client, [forged]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ opId: forged.opId, status: 'applied' }]);
    expect(res.body.progress[0]?.records).toEqual([
      expect.objectContaining({ moduleId: 1, completed: false, score: 0 }),
    ]);
  });

  it('rejects, with a reason, a locked module, a wrong answer count, an unknown course or module', async () => {
    const teacher = await signedInTeacher(app);
    const locked = quizOp(freeCourse, 3, await rightAnswers(freeCourse, 3));
    const count = quizOp(freeCourse, 1, [0]);
    const course = quizOp('no-such-course', 1, [0, 0, 0]);
    const module = quizOp(freeCourse, 9, [0, 0, 0]);
    const reset = resetOp('no-such-course', 0);
    const res = await sync(teacher.client, [locked, count, course, module, reset]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { opId: locked.opId, status: 'rejected', reason: syncReasons.moduleLocked },
      { opId: count.opId, status: 'rejected', reason: syncReasons.wrongAnswerCount },
      { opId: course.opId, status: 'rejected', reason: syncReasons.unknownCourse },
      { opId: module.opId, status: 'rejected', reason: syncReasons.unknownModule },
      { opId: reset.opId, status: 'rejected', reason: syncReasons.unknownCourse },
    ]);
    // Only the existing course is reported; nothing was stored.
    expect(res.body.progress).toEqual([{ courseSlug: freeCourse, generation: 0, records: [] }]);
    expect(await progressOf(teacher.client)).toEqual([]);
    // A rejected op is recorded too: a replay is a duplicate, never a second try.
    const again = await sync(teacher.client, [locked]);
    expect(again.body.results).toEqual([{ opId: locked.opId, status: 'duplicate' }]);
    expect(await countReceipts(app.db, teacher.user.id)).toBe(5);
  });

  it(`takes at most ${maxOpsPerBatch} ops, with the domain message, and applies none of a bigger batch`, async () => {
    const teacher = await signedInTeacher(app);
    const answers = await rightAnswers(freeCourse, 1);
    const tooMany = Array.from({ length: maxOpsPerBatch + 1 }, () => quizOp(freeCourse, 1, answers));
    const res = await sync(teacher.client, tooMany);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: `Send at most ${maxOpsPerBatch} operations at a time` });
    expect(await countReceipts(app.db, teacher.user.id)).toBe(0);
    expect(await progressOf(teacher.client)).toEqual([]);

    const full = await sync(teacher.client, tooMany.slice(0, maxOpsPerBatch));
    expect(full.status).toBe(200);
    expect(full.body.results).toHaveLength(maxOpsPerBatch);
  });

  it.each([
    ['no ops', { ops: [] }, 'Send at least one operation'],
    ['a bad op id', { ops: [{ ...quizOp(freeCourse, 1, [0]), opId: 'not-a-uuid' }] }, 'opId must be a UUID'],
    ['an unknown op type', { ops: [{ ...quizOp(freeCourse, 1, [0]), type: 'hack' }] }, malformedOpReason],
    ['an answer out of range', { ops: [quizOp(freeCourse, 1, [0, 7, 0])] }, malformedOpReason],
    [
      'a module id that is not a number',
      { ops: [{ ...quizOp(freeCourse, 1, [0]), moduleId: 'one' }] },
      malformedOpReason,
    ],
    ['no answers', { ops: [{ ...quizOp(freeCourse, 1, [0]), answers: [] }] }, malformedOpReason],
    ['a negative generation', { ops: [resetOp(freeCourse, -1)] }, malformedOpReason],
  ])('answers 400 for %s, with a sentence a teacher can act on', async (_label, body, message) => {
    const { client } = await signedInTeacher(app);
    const res = await client.post<{ error: string }>('/api/progress/sync', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  it('answers 401 when signed out', async () => {
    const res = await sync(app.client(), [quizOp(freeCourse, 1, [0, 0, 0])]);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: authMessages.notSignedIn });
  });
});
