import { describe, expect, it } from 'vitest';
import { Module, ModuleOutline } from '@pd/domain';
import { entry, honestLesson, overlongLesson, words } from './test-fixtures/editorial.js';
import { activityMinutes, checkTimes, countWords, moduleTime } from './time-rules.js';

const today = '2026-11-23';

describe('honest time (issue 19)', () => {
  it('counts reading time plus stated activity minutes, not steps again nor optional extensions', () => {
    expect(moduleTime(honestLesson)).toMatchObject({
      readingMinutes: 3,
      activities: [{ heading: 'Try it: sort your week (about 5 minutes)', minutes: 5 }],
      activityMinutes: 5,
      quizMinutes: 0,
      totalMinutes: 8,
    });
    expect(checkTimes([entry('course-a', 1, { duration: '8 min', markdown: honestLesson })], today)).toEqual({
      figures: { modules: 1, over: 0, unreviewed: 0 },
      problems: [],
    });
  });

  it('refuses a module whose reading and activities exceed its duration', () => {
    const { figures, problems } = checkTimes(
      [entry('course-a', 2, { duration: '8 min', markdown: overlongLesson })],
      today,
    );
    expect(figures.over).toBe(1);
    expect(problems).toEqual([
      {
        file: 'courses/course-a/modules/02-module-2.md',
        field: 'duration',
        message: expect.stringContaining('Is 8 min, but the lesson takes 16 min: reading 4 min (714 words'),
      },
    ]);
  });

  it('counts the knowledge check too: a module whose stated minutes leave no time for its quiz is refused (issue 29)', () => {
    expect(moduleTime(honestLesson, 4)).toMatchObject({
      readingMinutes: 3,
      activityMinutes: 5,
      quizMinutes: 2,
      totalMinutes: 10,
    });
    expect(moduleTime(honestLesson, 3).quizMinutes).toBe(2);
    const quiz = ['A', 'B', 'C', 'D'].map((q) => ({ question: `${q}?`, choices: ['x', 'y'], answer: 0 }));
    const under = checkTimes(
      [entry('course-a', 1, { duration: '8 min', markdown: honestLesson, quiz })],
      today,
    );
    expect(under.problems).toEqual([
      {
        file: 'courses/course-a/modules/01-module-1.md',
        field: 'duration',
        message: expect.stringContaining('+ the knowledge check 2 min'),
      },
    ]);
    const timed = checkTimes(
      [entry('course-a', 1, { duration: '10 min', markdown: honestLesson, quiz })],
      today,
    );
    expect(timed.problems).toEqual([]);
  });

  it('reads minutes in the forms lessons write them', () => {
    const headings = [
      '## Try it: a scenario sort (15 minutes)',
      '## Try it: norms in 20 minutes',
      '## Try it: an inventory (about 30 minutes with your team)',
      '## Try it: a pair check (about 5-8 minutes)',
      '## A 90-day plan',
    ].join('\n\n');
    expect(activityMinutes(headings).map((a) => a.minutes)).toEqual([15, 20, 30, 8]);
  });

  it('counts words, not link targets or code', () => {
    expect(countWords('Read [the guide](https://example.org/a-long-path) and `code here` now.')).toBe(5);
    expect(countWords(words(201))).toBe(201);
  });

  it('requires lastReviewed on written modules only, and refuses a future day', () => {
    const missing = entry('course-a', 1, { lastReviewed: undefined });
    const outline = entry('soon', 2, { lastReviewed: undefined, markdown: '' }, false);
    const future = entry('course-a', 3, { lastReviewed: '2026-11-24' });
    const { figures, problems } = checkTimes([missing, outline, future, entry('course-a', 4)], today);
    expect(figures.unreviewed).toBe(1);
    expect(problems).toEqual([
      {
        file: 'courses/course-a/modules/01-module-1.md',
        field: 'lastReviewed',
        message: 'Required on a written module: the day an editor last checked it (YYYY-MM-DD)',
      },
      {
        file: 'courses/course-a/modules/03-module-3.md',
        field: 'lastReviewed',
        message: 'Is 2026-11-24, a day in the future (today is 2026-11-23)',
      },
    ]);
  });
});

describe('sources (issue 29)', () => {
  it('are required of a written module, not of an outline', () => {
    const missing = entry('course-a', 1, { sources: undefined });
    const empty = entry('course-a', 2, { sources: [] });
    const outline = entry('soon', 2, { sources: undefined, markdown: '' }, false);
    const listed = entry('course-a', 3);
    const { problems } = checkTimes([missing, empty, outline, listed], '2026-11-27');
    expect(problems.map((p) => `${p.file} ${p.field}`)).toEqual([
      'courses/course-a/modules/01-module-1.md sources',
      'courses/course-a/modules/02-module-2.md sources',
    ]);
  });
});

describe('lastReviewed in the schema', () => {
  const written = {
    id: 1,
    slug: 'a-module',
    title: 'A module',
    description: 'One sentence.',
    duration: '10 min',
    image: '/images/courses/a/01-a-module.svg',
    imageAlt: 'A picture.',
    markdown: '## A lesson',
    quiz: [{ question: 'Which?', choices: ['A', 'B'], answer: 0, explanation: 'A.' }],
    bestPracticeTip: 'Start small.',
  };

  it('is required of a written module, optional on an outline, and a real date', () => {
    expect(Module.safeParse(written).success).toBe(false);
    expect(Module.safeParse({ ...written, lastReviewed: '2026-11-23' }).success).toBe(true);
    expect(Module.safeParse({ ...written, lastReviewed: '2026-02-30' }).success).toBe(false);
    expect(ModuleOutline.safeParse({ ...written, quiz: undefined }).success).toBe(true);
  });
});
