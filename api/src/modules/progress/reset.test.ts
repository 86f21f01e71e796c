import { authMessages, contentMessages, ResetProgressResponse } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  completedOn,
  freeCourse,
  longFreeCourse,
  rightAnswers,
  saveAnswers,
  signedInTeacher,
  teacherWithProgress,
} from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('DELETE /api/progress/:courseSlug', () => {
  it('removes the course records, bumps the generation each time, and leaves other courses alone', async () => {
    const { client } = await teacherWithProgress(app, {
      completed: { [freeCourse]: 'all', [longFreeCourse]: [1] },
    });

    const res = await client.request<ResetProgressResponse>('DELETE', `/api/progress/${freeCourse}`);
    expect(res.status).toBe(200);
    expect(ResetProgressResponse.parse(res.body)).toEqual({ ok: true, generation: 1 });
    expect(await completedOn(client, freeCourse)).toEqual([]);
    expect(await completedOn(client, longFreeCourse)).toEqual([1]);

    // Module 2 is locked again; module 1 starts over with the new generation.
    expect((await saveAnswers(client, freeCourse, 2, await rightAnswers(freeCourse, 2))).status).toBe(409);
    const again = await saveAnswers(client, freeCourse, 1, await rightAnswers(freeCourse, 1));
    expect(again.body).toMatchObject({ completed: true, generation: 1 });

    const second = await client.request<ResetProgressResponse>('DELETE', `/api/progress/${freeCourse}`);
    expect(second.body).toEqual({ ok: true, generation: 2 });
  });

  it('resets only the signed-in teacher', async () => {
    const first = await teacherWithProgress(app, { completed: { [freeCourse]: [1] } });
    const second = await teacherWithProgress(app, { completed: { [freeCourse]: [1] } });
    await second.client.request('DELETE', `/api/progress/${freeCourse}`);
    expect(await completedOn(first.client, freeCourse)).toEqual([1]);
    expect(await completedOn(second.client, freeCourse)).toEqual([]);
  });

  it('answers 404 for an unknown course and 401 when signed out', async () => {
    const { client } = await signedInTeacher(app);
    const unknown = await client.request('DELETE', '/api/progress/no-such-course');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: contentMessages.courseNotFound });
    const anonymous = await app.client().request('DELETE', `/api/progress/${freeCourse}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: authMessages.notSignedIn });
  });
});
