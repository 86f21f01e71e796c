import { afterEach, describe, expect, it } from 'vitest';
import { queueAnalyticsEvent } from './analytics';
import { deleteUserDb, userDb } from './db';

afterEach(async () => {
  localStorage.clear();
  await deleteUserDb('analytics-teacher');
});

describe('queueAnalyticsEvent', () => {
  it("queues events in the signed-in teacher's database, and nothing when signed out", async () => {
    await queueAnalyticsEvent('quiz_completed', { score: 80 });
    localStorage.setItem('pd-signed-in-user', 'analytics-teacher');
    await queueAnalyticsEvent('quiz_completed', { score: 80 });
    expect(await userDb('analytics-teacher').analytics.toArray()).toEqual([
      { id: expect.any(String), name: 'quiz_completed', props: { score: 80 }, at: expect.any(String) },
    ]);
  });
});
