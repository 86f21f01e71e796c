import { moduleReadingMs, msBeforeCompletion, syncReasons, tooEarlyReason } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { startTestApp, type TestApp, testContent } from '../../test/app.js';
import {
  completedOn,
  course,
  freeCourse,
  quizOp,
  rightAnswers,
  saveAnswers,
  signedInTeacher,
  sync,
  type Teacher,
  wrongAnswers,
} from '../../test/learning.js';

/**
 * Issue 17, item 2: a certificate attests plausible time on task. A module's completion counts only
 * once MODULE_MIN_TIME_SHARE of the stated minutes (of it and the modules before it) have passed
 * since the course's content first reached the teacher from the server. The clock is the test's.
 */
let app: TestApp;
const share = 0.3;
const minute = 60_000;

beforeAll(async () => {
  app = await startTestApp({ env: { MODULE_MIN_TIME_SHARE: String(share) } });
});
afterAll(() => app.close());

const required = async (moduleId: number) =>
  msBeforeCompletion((await course(freeCourse)).modules, moduleId, share);
const openCourse = async (teacher: Teacher) =>
  expect((await teacher.client.get(`/api/content/courses/${freeCourse}`)).status).toBe(200);

describe('time on task (MODULE_MIN_TIME_SHARE)', () => {
  it('refuses a completion sent at once, with the minute from which it counts, and takes it then', async () => {
    const teacher = await signedInTeacher(app);
    await openCourse(teacher);
    const first = await sync(teacher.client, [quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1))]);
    expect(first.status).toBe(200);
    expect(first.body.results[0]).toEqual({
      opId: expect.any(String),
      status: 'rejected',
      reason: tooEarlyReason(await required(1)),
    });
    expect(first.body.results[0]?.reason).toMatch(
      /^Finish reading the lesson; you can complete this module from \d+ minutes? after/,
    );
    expect(await completedOn(teacher.client, freeCourse)).toEqual([]);

    // A failed try is an attempt, not a completion: it counts at once.
    const failed = await sync(teacher.client, [quizOp(freeCourse, 1, await wrongAnswers(freeCourse, 1))]);
    expect(failed.body.results[0]?.status).toBe('applied');

    app.clock.advance((await required(1)) - 1000);
    const early = await saveAnswers(teacher.client, freeCourse, 1, await rightAnswers(freeCourse, 1));
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: tooEarlyReason(await required(1)) });

    app.clock.advance(1000);
    const onTime = await sync(teacher.client, [quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1))]);
    expect(onTime.body.results[0]?.status).toBe('applied');
    expect(await completedOn(teacher.client, freeCourse)).toEqual([1]);
  });

  it('counts a later module from the minutes of the modules before it too', async () => {
    const teacher = await signedInTeacher(app);
    await openCourse(teacher);
    app.clock.advance(await required(1));
    expect((await saveAnswers(teacher.client, freeCourse, 1, await rightAnswers(freeCourse, 1))).status).toBe(
      200,
    );
    const second = await saveAnswers(teacher.client, freeCourse, 2, await rightAnswers(freeCourse, 2));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: tooEarlyReason(await required(2)) });
    app.clock.advance((await required(2)) - (await required(1)));
    expect((await saveAnswers(teacher.client, freeCourse, 2, await rightAnswers(freeCourse, 2))).status).toBe(
      200,
    );
  });

  it("judges an offline completion by the device's time, kept between the course's arrival and the receipt", async () => {
    const teacher = await signedInTeacher(app);
    const opened = app.clock.now();
    await openCourse(teacher);
    app.clock.advance(2 * 60 * minute); // back online two hours later
    const at = (ms: number) => new Date(opened.getTime() + ms).toISOString();
    const answers = await rightAnswers(freeCourse, 1);

    // Passed offline a minute after opening: too early, whenever it arrives.
    const tooSoon = await sync(teacher.client, [{ ...quizOp(freeCourse, 1, answers), at: at(minute) }]);
    expect(tooSoon.body.results[0]).toMatchObject({
      status: 'rejected',
      reason: tooEarlyReason(await required(1)),
    });
    // A device clock before the course arrived counts as its arrival: still too early.
    const past = await sync(teacher.client, [
      { ...quizOp(freeCourse, 1, answers), at: at(-24 * 60 * minute) },
    ]);
    expect(past.body.results[0]?.status).toBe('rejected');

    // Passed offline after the time on task: applied, completed at the device's time.
    const later = at((await required(1)) + minute);
    const ok = await sync(teacher.client, [{ ...quizOp(freeCourse, 1, answers), at: later }]);
    expect(ok.body.results[0]?.status).toBe('applied');
    const [record] = ok.body.progress[0]?.records ?? [];
    expect(record).toMatchObject({ moduleId: 1, completed: true });

    // A device clock in the future counts as the receipt: module 2 is due by then.
    const future = await sync(teacher.client, [
      { ...quizOp(freeCourse, 2, await rightAnswers(freeCourse, 2)), at: at(30 * 24 * 60 * minute) },
    ]);
    expect(future.body.results[0]?.status).toBe('applied');
  });

  it('refuses a completion for a course whose content never reached the teacher (a script with the answers)', async () => {
    const teacher = await signedInTeacher(app);
    app.clock.advance(24 * 60 * minute);
    const res = await sync(teacher.client, [quizOp(freeCourse, 1, await rightAnswers(freeCourse, 1))]);
    expect(res.body.results[0]?.status).toBe('rejected');
    expect(res.body.results[0]?.reason).toMatch(/^Finish reading the lesson/);
    expect(await completedOn(teacher.client, freeCourse)).toEqual([]);
  });

  it('keeps the first arrival: opening the course again does not restart the time', async () => {
    const teacher = await signedInTeacher(app);
    await openCourse(teacher);
    app.clock.advance(await required(1));
    await openCourse(teacher);
    expect((await saveAnswers(teacher.client, freeCourse, 1, await rightAnswers(freeCourse, 1))).status).toBe(
      200,
    );
  });
});

describe("the teacher's time over every course (issue 30 item 3, decision 089)", () => {
  it('opening every course at once gives one clock, not one per course: the minutes credited never exceed the time spent', async () => {
    const teacher = await signedInTeacher(app, { role: 'premium' });
    const courses = (await testContent()).courses.filter(
      (c) => !c.isComingSoon && (c.modules[0]?.quiz?.length ?? 0) > 0,
    );
    expect(courses.length).toBeGreaterThanOrEqual(3);
    for (const c of courses)
      expect((await teacher.client.get(`/api/content/courses/${c.slug}`)).status).toBe(200);
    // Each course's own rule is met for its first module; the teacher had only this much time.
    const had = Math.max(...courses.map((c) => msBeforeCompletion(c.modules, 1, share)));
    app.clock.advance(had);
    const ops = await Promise.all(courses.map(async (c) => quizOp(c.slug, 1, await rightAnswers(c.slug, 1))));
    const res = await sync(teacher.client, ops);
    const applied = courses.filter((_, i) => res.body.results[i]?.status === 'applied');
    const credited = applied.reduce(
      (sum, c) => sum + moduleReadingMs(c.modules[0]?.duration ?? '', share),
      0,
    );
    expect(credited).toBeLessThanOrEqual(had);
    expect(applied.length).toBeLessThan(courses.length);
    const refused = res.body.results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBe(courses.length - applied.length);
    for (const r of refused)
      expect(r.reason).toMatch(/^Finish reading the lesson; your time since you opened this course went to/);

    // Once the time has passed, the same completions count (sent again, as the device does).
    const all = courses.reduce((sum, c) => sum + moduleReadingMs(c.modules[0]?.duration ?? '', share), 0);
    app.clock.advance(all - had);
    const later = await sync(
      teacher.client,
      await Promise.all(
        courses
          .filter((c) => !applied.includes(c))
          .map(async (c) => quizOp(c.slug, 1, await rightAnswers(c.slug, 1))),
      ),
    );
    expect(later.body.results.every((r) => r.status === 'applied')).toBe(true);
  });

  it('holds for the online save too (409 with the sentence)', async () => {
    const teacher = await signedInTeacher(app, { role: 'premium' });
    const [a, b] = (await testContent()).courses.filter(
      (c) => !c.isComingSoon && (c.modules[0]?.quiz?.length ?? 0) > 0,
    );
    if (!a || !b) throw new Error('two courses with quizzes expected');
    for (const c of [a, b]) await teacher.client.get(`/api/content/courses/${c.slug}`);
    const had = Math.max(msBeforeCompletion(a.modules, 1, share), msBeforeCompletion(b.modules, 1, share));
    app.clock.advance(had);
    const first = await saveAnswers(teacher.client, a.slug, 1, await rightAnswers(a.slug, 1));
    expect(first.status).toBe(200);
    const second = await saveAnswers(teacher.client, b.slug, 1, await rightAnswers(b.slug, 1));
    // Two first modules need more reading than the time either course's own rule asked for.
    const both =
      moduleReadingMs(a.modules[0]?.duration ?? '', share) +
      moduleReadingMs(b.modules[0]?.duration ?? '', share);
    expect(both).toBeGreaterThan(had);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: expect.stringMatching(/modules you completed in other courses/),
    });
  });
});

describe('MODULE_MIN_TIME_SHARE', () => {
  it('is 0.3 by default, 0 turns the rule off, and anything outside 0-1 stops the start with a message', () => {
    const base = { SESSION_SECRET: 's'.repeat(32) };
    expect(parseConfig(base).moduleMinTimeShare).toBe(0.3);
    expect(parseConfig({ ...base, MODULE_MIN_TIME_SHARE: '0' }).moduleMinTimeShare).toBe(0);
    for (const bad of ['1.5', '-0.1', 'half'])
      expect(() => parseConfig({ ...base, MODULE_MIN_TIME_SHARE: bad })).toThrow(
        /MODULE_MIN_TIME_SHARE.*must be a number from 0 to 1/,
      );
    expect(syncReasons.tooEarly).toBe('Finish reading the lesson first.');
  });
});
