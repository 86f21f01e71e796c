import { progressMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  completedOn,
  freeCourse,
  progressOf,
  rightAnswers,
  saveAnswers,
  signedInTeacher,
  teacherWithProgress,
  wrongAnswers,
} from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('unlock order, decided from the server records', () => {
  it('refuses module 2 with 409 until module 1 is completed on the server, and stores nothing', async () => {
    const { client } = await signedInTeacher(app);
    const locked = await saveAnswers(client, freeCourse, 2, await rightAnswers(freeCourse, 2), {
      completed: true,
      score: 100,
    });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ error: progressMessages.moduleLocked });
    expect(await progressOf(client)).toEqual([]);

    // A failed attempt at module 1 does not open module 2 either.
    await saveAnswers(client, freeCourse, 1, await wrongAnswers(freeCourse, 1));
    expect((await saveAnswers(client, freeCourse, 2, await rightAnswers(freeCourse, 2))).status).toBe(409);

    expect((await saveAnswers(client, freeCourse, 1, await rightAnswers(freeCourse, 1))).body.completed).toBe(
      true,
    );
    const opened = await saveAnswers(client, freeCourse, 2, await rightAnswers(freeCourse, 2));
    expect(opened.status).toBe(200);
    expect(opened.body.completed).toBe(true);
    expect(await completedOn(client, freeCourse)).toEqual([1, 2]);
  });

  it('keeps module 3 locked while module 2 is only attempted, not passed', async () => {
    const { client } = await teacherWithProgress(app, { completed: { [freeCourse]: [1] } });
    await saveAnswers(client, freeCourse, 2, await wrongAnswers(freeCourse, 2));
    const res = await saveAnswers(client, freeCourse, 3, await rightAnswers(freeCourse, 3));
    expect(res.status).toBe(409);
    expect(await completedOn(client, freeCourse)).toEqual([1]);
  });

  it("does not count another teacher's progress", async () => {
    await teacherWithProgress(app, { completed: { [freeCourse]: [1] } });
    const second = await signedInTeacher(app);
    const res = await saveAnswers(second.client, freeCourse, 2, await rightAnswers(freeCourse, 2));
    expect(res.status).toBe(409);
  });

  it('lets a completed module be retaken for review without un-completing it', async () => {
    const { client } = await teacherWithProgress(app, { completed: { [freeCourse]: [1] } });
    const review = await saveAnswers(client, freeCourse, 1, await wrongAnswers(freeCourse, 1));
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ completed: true, score: 100 });
  });
});
