import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  completedOn,
  freeCourse,
  longFreeCourse,
  otherDevice,
  progressOf,
  quizOp,
  rightAnswers,
  signedInTeacher,
  sync,
  wrongAnswers,
} from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('several devices of one teacher', () => {
  it('merges three devices’ interleaved batches into the union', async () => {
    const teacher = await signedInTeacher(app);
    const laptop = teacher.client;
    const tablet = await otherDevice(app, teacher);
    const phone = await otherDevice(app, teacher);
    const right = (slug: string, id: number) => rightAnswers(slug, id);

    const a1 = await sync(laptop, [quizOp(freeCourse, 1, await right(freeCourse, 1))]);
    const firstCompletion = a1.body.progress[0]?.records[0]?.completedAt;
    expect(firstCompletion).toEqual(expect.any(String));

    app.clock.advance(60_000);
    await sync(tablet, [
      quizOp(longFreeCourse, 1, await right(longFreeCourse, 1)),
      quizOp(freeCourse, 1, await wrongAnswers(freeCourse, 1)),
    ]);
    await sync(phone, [quizOp(longFreeCourse, 2, await right(longFreeCourse, 2))]);
    await sync(laptop, [quizOp(freeCourse, 2, await right(freeCourse, 2))]);
    await sync(phone, [quizOp(freeCourse, 3, await right(freeCourse, 3))]);
    const last = await sync(tablet, [
      quizOp(longFreeCourse, 3, await right(longFreeCourse, 3)),
      quizOp(freeCourse, 2, await wrongAnswers(freeCourse, 2)),
    ]);

    expect(last.body.results.every((r) => r.status === 'applied')).toBe(true);
    // The reply carries the merged progress of both courses the batch touched.
    const byCourse = Object.fromEntries(
      last.body.progress.map((p) => [
        p.courseSlug,
        p.records.filter((r) => r.completed).map((r) => r.moduleId),
      ]),
    );
    expect(byCourse).toEqual({ [longFreeCourse]: [1, 2, 3], [freeCourse]: [1, 2, 3] });

    for (const device of [laptop, tablet, phone]) {
      expect(await completedOn(device, freeCourse)).toEqual([1, 2, 3]);
      expect(await completedOn(device, longFreeCourse)).toEqual([1, 2, 3]);
    }
    // The later, worse attempt from another device kept the best score and the first completion.
    const [module1] = await progressOf(phone, freeCourse);
    expect(module1).toMatchObject({ moduleId: 1, score: 100, completedAt: firstCompletion });
  });

  it('mixes online saves and batches from other devices', async () => {
    const teacher = await signedInTeacher(app);
    const tablet = await otherDevice(app, teacher);
    await teacher.client.post(`/api/progress/${freeCourse}/1`, {
      answers: await rightAnswers(freeCourse, 1),
    });
    const res = await sync(tablet, [quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2))]);
    expect(res.body.results[0]?.status).toBe('applied');
    expect(await completedOn(teacher.client, freeCourse)).toEqual([1, 2]);
  });
});
