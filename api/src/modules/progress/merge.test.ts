import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  freeCourse,
  partlyRight,
  progressOf,
  rightAnswers,
  saveAnswers,
  scoreOf,
  signedInTeacher,
  wrongAnswers,
} from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
afterEach(() => app.clock.reset());

const hour = 60 * 60 * 1000;

describe('merging attempts of one module', () => {
  it('keeps the best score with the answers of that attempt', async () => {
    const { client } = await signedInTeacher(app);
    const third = await partlyRight(freeCourse, 1, 1);
    const twoThirds = await partlyRight(freeCourse, 1, 2);
    const [oneRight, twoRight] = [await scoreOf(freeCourse, 1, 1), await scoreOf(freeCourse, 1, 2)];
    expect((await saveAnswers(client, freeCourse, 1, third)).body).toMatchObject({
      score: oneRight,
      answers: third,
    });
    expect((await saveAnswers(client, freeCourse, 1, twoThirds)).body).toMatchObject({
      score: twoRight,
      answers: twoThirds,
      completed: false,
    });
    const worse = await saveAnswers(client, freeCourse, 1, await wrongAnswers(freeCourse, 1));
    expect(worse.body).toMatchObject({ score: twoRight, answers: twoThirds, completed: false });
  });

  it('keeps the first completion time (server clock) and the completion after a worse retake', async () => {
    const { client } = await signedInTeacher(app);
    const before = Date.now();
    const first = await saveAnswers(client, freeCourse, 1, await rightAnswers(freeCourse, 1));
    const completedAt = first.body.completedAt ?? '';
    expect(Date.parse(completedAt)).toBeGreaterThanOrEqual(before - 1000);

    app.clock.advance(5 * hour);
    const worse = await saveAnswers(client, freeCourse, 1, await wrongAnswers(freeCourse, 1));
    expect(worse.body).toMatchObject({ completed: true, score: 100, completedAt });
    expect(Date.parse(worse.body.updatedAt ?? '')).toBeGreaterThan(Date.parse(completedAt) + 4 * hour);

    app.clock.advance(5 * hour);
    const again = await saveAnswers(client, freeCourse, 1, await rightAnswers(freeCourse, 1));
    expect(again.body.completedAt).toBe(completedAt);
    expect(await progressOf(client, freeCourse)).toEqual([
      expect.objectContaining({ moduleId: 1, completed: true, score: 100, completedAt }),
    ]);
  });

  it('records the completion time of a pass that follows failed attempts', async () => {
    const { client } = await signedInTeacher(app);
    const failed = await saveAnswers(client, freeCourse, 1, await wrongAnswers(freeCourse, 1));
    expect(failed.body.completedAt).toBeNull();
    app.clock.advance(2 * hour);
    const passed = await saveAnswers(client, freeCourse, 1, await rightAnswers(freeCourse, 1));
    expect(Date.parse(passed.body.completedAt ?? '')).toBeGreaterThan(Date.now() + hour);
  });
});
