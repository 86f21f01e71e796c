import { contentErrorCodes, contentMessages, premiumRequiredMessage, syncReasons } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  comingSoonCourse,
  course,
  premiumCourse,
  progressOf,
  quizOp,
  rightAnswers,
  saveAnswers,
  signedInTeacher,
  sync,
} from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('only users who may open a course record progress in it', () => {
  it('refuses a premium course to a free teacher with 403, online and in a batch, storing nothing', async () => {
    const { client } = await signedInTeacher(app, { role: 'free' });
    const { title } = await course(premiumCourse);
    const answers = await rightAnswers(premiumCourse, 1);
    const online = await saveAnswers(client, premiumCourse, 1, answers, { completed: true, score: 100 });
    expect(online.status).toBe(403);
    expect(online.body).toEqual({
      error: premiumRequiredMessage(title),
      code: contentErrorCodes.premiumRequired,
    });

    const op = quizOp(premiumCourse, 1, answers);
    const batch = await sync(client, [op]);
    expect(batch.status).toBe(200);
    expect(batch.body.results).toEqual([
      { opId: op.opId, status: 'rejected', reason: syncReasons.notEntitled },
    ]);
    expect(batch.body.progress).toEqual([{ courseSlug: premiumCourse, generation: 0, records: [] }]);
    expect(await progressOf(client)).toEqual([]);
  });

  it.each(['premium', 'license_admin', 'superadmin'] as const)(
    'lets a %s teacher take a premium course',
    async (role) => {
      const { client } = await signedInTeacher(app, { role });
      const res = await saveAnswers(client, premiumCourse, 1, await rightAnswers(premiumCourse, 1));
      expect(res.status).toBe(200);
      expect(res.body.completed).toBe(true);
    },
  );

  it('opens a coming-soon course to a superadmin only', async () => {
    const premium = await signedInTeacher(app, { role: 'premium' });
    const answers = await rightAnswers(comingSoonCourse, 1);
    const refused = await saveAnswers(premium.client, comingSoonCourse, 1, answers);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: contentMessages.comingSoon });
    expect(await progressOf(premium.client)).toEqual([]);

    const admin = await signedInTeacher(app, { role: 'superadmin' });
    expect((await saveAnswers(admin.client, comingSoonCourse, 1, answers)).status).toBe(200);
  });
});
