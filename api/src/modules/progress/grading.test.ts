import {
  authMessages,
  contentMessages,
  ProgressRecord,
  progressMessages,
  SaveProgressResponse,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  freeCourse,
  partlyRight,
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

describe('POST /api/progress/:courseSlug/:moduleId grades on the server', () => {
  it('does not complete a forged {completed: true, score: 100} with wrong answers', async () => {
    const { client } = await signedInTeacher(app);
    const answers = await wrongAnswers(freeCourse, 1);
    const res = await saveAnswers(client, freeCourse, 1, answers, { completed: true, score: 100 });
    expect(res.status).toBe(200);
    expect(SaveProgressResponse.parse(res.body)).toMatchObject({
      courseSlug: freeCourse,
      moduleId: 1,
      completed: false,
      score: 0,
      answers,
      completedAt: null,
      generation: 0,
    });
    const [record] = await progressOf(client, freeCourse);
    expect(record).toMatchObject({ moduleId: 1, completed: false, score: 0 });
  });

  it('completes the module with the right answers, whatever the client claims', async () => {
    const { client } = await signedInTeacher(app);
    const answers = await rightAnswers(freeCourse, 1);
    const res = await saveAnswers(client, freeCourse, 1, answers, { completed: false, score: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ completed: true, score: 100, answers });
    expect(Date.parse(res.body.completedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('scores rounded(correct / total * 100): 2 right of 3 or 4 is below the pass mark of 70', async () => {
    const { client } = await signedInTeacher(app);
    const total = (await rightAnswers(freeCourse, 1)).length;
    const res = await saveAnswers(client, freeCourse, 1, await partlyRight(freeCourse, 1, 2));
    // 67 of a 3-question quiz, 50 of a 4-question one.
    expect(res.body).toMatchObject({ completed: false, score: Math.round((2 / total) * 100) });
  });

  it('refuses a wrong number of answers with 400 and stores nothing', async () => {
    const { client } = await signedInTeacher(app);
    const answers = await rightAnswers(freeCourse, 1);
    for (const wrongCount of [answers.slice(0, 2), [...answers, 0]]) {
      const res = await saveAnswers(client, freeCourse, 1, wrongCount);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: progressMessages.wrongAnswerCount });
    }
    expect(await progressOf(client)).toEqual([]);
  });

  it('validates the body with the domain contract', async () => {
    const { client } = await signedInTeacher(app);
    const missing = await client.post(`/api/progress/${freeCourse}/1`, { completed: true, score: 100 });
    expect(missing.status).toBe(400);
    const outOfRange = await client.post(`/api/progress/${freeCourse}/1`, { answers: [7, 0, 0] });
    expect(outOfRange.status).toBe(400);
    expect(await progressOf(client)).toEqual([]);
  });

  it('answers 404 for an unknown course or module', async () => {
    const { client } = await signedInTeacher(app);
    const course = await saveAnswers(client, 'no-such-course', 1, [0]);
    expect(course.status).toBe(404);
    expect(course.body).toMatchObject({ error: contentMessages.courseNotFound });
    for (const moduleId of ['99', '0', 'abc']) {
      const res = await client.post(`/api/progress/${freeCourse}/${moduleId}`, { answers: [0, 0, 0] });
      expect(res.status).toBe(404);
    }
    expect(await progressOf(client)).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    const anonymous = app.client();
    const save = await saveAnswers(anonymous, freeCourse, 1, await rightAnswers(freeCourse, 1));
    expect(save.status).toBe(401);
    expect(save.body).toMatchObject({ error: authMessages.notSignedIn });
    expect((await anonymous.get('/api/progress')).status).toBe(401);
  });
});

describe('GET /api/progress', () => {
  it("lists only the signed-in teacher's records, filtered by ?courseSlug=", async () => {
    const teacher = await teacherWithProgress(app, {
      completed: { [freeCourse]: [1], 'ai-in-education': [1] },
    });
    const other = await signedInTeacher(app);
    await saveAnswers(other.client, freeCourse, 1, await wrongAnswers(freeCourse, 1));

    const all = await teacher.client.get<unknown[]>('/api/progress');
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const records = all.body.map((r) => ProgressRecord.parse(r));
    expect(records.map((r) => [r.courseSlug, r.moduleId, r.completed])).toEqual([
      ['ai-in-education', 1, true],
      [freeCourse, 1, true],
    ]);
    expect(Object.keys(all.body[0] as object).sort()).toEqual(
      ['answers', 'completed', 'completedAt', 'courseSlug', 'moduleId', 'score', 'updatedAt'].sort(),
    );
    expect((await progressOf(teacher.client, freeCourse)).map((r) => r.courseSlug)).toEqual([freeCourse]);
    expect(await progressOf(other.client, 'ai-in-education')).toEqual([]);
  });
});
