import { randomUUID } from 'node:crypto';
import type { SyncOp } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/app.js';
import { signIn } from './test/auth-helpers.js';
import type { TestClient } from './test/client.js';
import { buildUser } from './test/factories.js';
import { completedOn, freeCourse, rightAnswers, signedInTeacher, sync } from './test/learning.js';
import { createGroup, myGroup, sendInvites, signedInAs } from './test/licences.js';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
  type ThrowawayPostgres,
} from './test/postgres-cluster.js';
import { postgresAdminUrl } from './test/template.js';

/**
 * Issue 17, item 12: the api keeps no state of its own, so any number of instances can serve one
 * PostgreSQL. Two instances, each with its own pool, session cache, mailer and clock, behind one
 * public address (as behind a load balancer), share a database: the run's PostgreSQL server, or a
 * throwaway one when the run is on PGlite.
 */
const runServer = postgresAdminUrl();
const unavailable = runServer ? null : throwawayPostgresUnavailable();
if (unavailable) process.stdout.write(`scale-out.test.ts skipped: ${unavailable}\n`);

const publicUrl = 'http://academy.test';
/** Sign-ins per account and address: 6 in 15 minutes (the address itself: generous, one school). */
const rateLimits = {
  login: { perIp: { limit: 1000, windowMs: 15 * 60_000 }, perAccount: { limit: 6, windowMs: 15 * 60_000 } },
};

describe.skipIf(unavailable !== null)('two api instances on one PostgreSQL', () => {
  let cluster: ThrowawayPostgres | undefined;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    if (!runServer) cluster = await startThrowawayPostgres();
    a = await startTestApp({
      postgresServerUrl: cluster?.url,
      publicUrl,
      rateLimits,
      sessionCacheOnTestClock: true,
    });
    b = await startTestApp({ sameDatabaseAs: a, publicUrl, rateLimits, sessionCacheOnTestClock: true });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await cluster?.remove();
  }, 120_000);

  /** The same browser (its cookies) talking to instance `app`. */
  const onInstance = (app: TestApp, client: TestClient): TestClient => {
    const other = app.client();
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  };

  it('applies an op once when its copies reach both instances at the same time', async () => {
    const teacher = await signedInTeacher(a);
    const onB = onInstance(b, teacher.client);
    const op: SyncOp = {
      opId: randomUUID(),
      type: 'quiz-submitted',
      courseSlug: freeCourse,
      moduleId: 1,
      answers: await rightAnswers(freeCourse, 1),
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sync(i % 2 === 0 ? teacher.client : onB, [op])),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    const statuses = answers.map((res) => res.body.results[0]?.status);
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(19);
    expect(await completedOn(teacher.client, freeCourse)).toEqual([1]);
    expect(await completedOn(onB, freeCourse)).toEqual([1]);
  });

  it('counts failed sign-ins against one limit, whichever instance answers', async () => {
    const teacher = await buildUser(a.db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await signIn(i % 2 === 0 ? a.client() : b.client(), teacher.email, 'wrong-password-1');
      statuses.push(res.status);
    }
    // 6 attempts for this account from this address in all (3 on each instance), then both refuse.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it("sees a sign-out on the other instance within the session cache's window", async () => {
    const teacher = await signedInTeacher(a);
    const onB = onInstance(b, teacher.client);
    expect((await onB.get('/api/auth/me')).status).toBe(200); // B now holds the session in its cache
    expect((await teacher.client.post('/api/auth/logout', {})).status).toBe(200);
    expect((await teacher.client.get('/api/auth/me')).status).toBe(401);

    // B may answer from its cache until the window ends (decision 036's documented delay), never after.
    b.clock.advance(b.sessionCache.ttlMs + 1);
    expect((await onB.get('/api/auth/me')).status).toBe(401);
  });

  it('never hands out more seats than a group has, when two instances invite at once', async () => {
    const superadmin = await signedInAs(a, 'superadmin');
    const admin = await signedInAs(a, 'license_admin');
    const groupId = await createGroup(superadmin.client, admin.user.id, 10);
    const emails = (prefix: string) => Array.from({ length: 6 }, (_, i) => `${prefix}${i}@school.test`);
    const [fromA, fromB] = await Promise.all([
      sendInvites(admin.client, groupId, emails('a')),
      sendInvites(onInstance(b, admin.client), groupId, emails('b')),
    ]);
    // 6 + 6 > 10: one batch is sent whole, the other refused whole, with the spec's message.
    expect([fromA.status, fromB.status].sort()).toEqual([201, 400]);
    const refused = fromA.status === 201 ? fromB : fromA;
    expect(refused.error).toMatch(/You only have 4 licenses remaining, but tried to send 6 invites/);
    const group = await myGroup(onInstance(b, admin.client));
    expect(group.licenses_pending + group.licenses_used).toBe(6);
  });
});
