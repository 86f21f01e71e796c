import { describe, expect, it } from 'vitest';
import {
  checkQuizzes,
  formatQuizFigures,
  hasAbsoluteWord,
  isCorrectStrictlyLongest,
  isCorrectStrictlyShortest,
  minimumQuestions,
  questionSimilarity,
} from './quiz-rules.js';
import {
  absoluteDistractors,
  entry,
  outlineWithoutQuiz,
  outlineWithQuiz,
  question,
  repeatedAcrossModules,
  shortestKey,
} from './test-fixtures/editorial.js';

/** Short modules (8 min: 3 questions each) of one course, positions 0-3 in turn unless given. */
const course = (slug: string, questions: ReturnType<typeof question>[]) =>
  Array.from({ length: Math.ceil(questions.length / 3) }, (_, m) =>
    entry(slug, m + 1, { duration: '8 min', quiz: questions.slice(m * 3, m * 3 + 3) }),
  );
const pool = [
  'Which pilot question is best?',
  'Who approves a new tool?',
  'When should families hear about a pilot?',
  'What makes a team norm observable?',
  'Which data may go into a general assistant?',
  'How do you check an image for bias?',
  'What does a detector score prove?',
  'Why edit an AI-drafted rubric?',
  'Who reviews a machine-translated notice?',
  'What keeps governance current over time?',
  'Where should indicator targets come from?',
  'How should a leader answer a shared mistake?',
];
/** `n` questions, each of its own (from `from` in the pool), the key at positions 0-3 in turn. */
const spread = (n: number, make: (text: string, answer: number) => ReturnType<typeof question>, from = 0) =>
  Array.from({ length: n }, (_, i) => make(pool[from + i] ?? `Question ${from + i}?`, i % 4));
const problemsOf = (entries: Parameters<typeof checkQuizzes>[0]) =>
  checkQuizzes(entries).problems.map((p) => `${p.file}: ${p.message}`);

describe('the quiz rules of issues 19 and 29, per course', () => {
  it('pass a course whose keys are neither the longest nor the shortest too often and whose positions vary', () => {
    const questions = spread(6, (t, a) => question(t, a));
    questions[0] = question('Why write your own example?', 0, true);
    questions[1] = shortestKey('What does a labelled level tell students?', 1);
    const { figures, problems } = checkQuizzes(course('course-a', questions));
    expect(problems).toEqual([]);
    expect(figures.courses).toEqual([
      {
        courseSlug: 'course-a',
        questions: 6,
        longestCorrect: 1,
        shortestCorrect: 1,
        keys: 6,
        keysAbsolute: 0,
        wrongs: 18,
        wrongsAbsolute: 0,
        positionCounts: [2, 2, 1, 1],
      },
    ]);
    expect(formatQuizFigures(figures)).toContain(
      'course-a: 6 questions; key longest 17%, shortest 17% (at most 33% each)',
    );
  });

  it('refuse a course where the key is the unique longest in more than a third', () => {
    const questions = spread(6, (t, a) => question(t, a, true));
    questions.splice(3, 3, ...spread(3, (t, a) => question(t, a), 3));
    expect(problemsOf(course('course-a', questions))).toEqual([
      'courses/course-a: The correct choice is the longest in 3 of 6 questions (50%); at most a third may be',
    ]);
  });

  it('refuse a course where the key is the unique shortest in more than a third (the tell that moved)', () => {
    const questions = [...spread(3, shortestKey), ...spread(3, (t, a) => question(t, a), 3)];
    expect(problemsOf(course('course-b', questions))).toEqual([
      'courses/course-b: The correct choice is the shortest in 3 of 6 questions (50%); at most a third may be',
    ]);
  });

  it('judge each course on its own: a balanced course does not hide a giveaway in another', () => {
    const fair = spread(6, (t, a) => question(t, a));
    const giveaway = spread(6, (t, a) => question(t, a, true), 6);
    const problems = problemsOf([...course('fair', fair), ...course('giveaway', giveaway)]);
    expect(problems).toEqual([
      'courses/giveaway: The correct choice is the longest in 6 of 6 questions (100%); at most a third may be',
    ]);
  });

  it('refuse absolute words carried by wrong choices far more often than by keys', () => {
    const problems = problemsOf(course('course-c', spread(6, absoluteDistractors)));
    expect(problems).toEqual([
      'courses/course-c: Absolute words (never, only, all...) are in 0 of 6 correct choices (0%) and 18 of 18 ' +
        'wrong ones (100%); the ratio must be 0.5 to 2, so neither kind gives the answer away',
    ]);
  });

  it('refuse absolute words carried by keys far more often than by wrong choices', () => {
    const keysAbsolute = spread(6, (t, a) => {
      const q = question(t, a);
      return {
        ...q,
        choices: q.choices.map((c, i) => (i === a ? `Never ${c.toLowerCase()}` : `${c} today`)),
      };
    });
    expect(problemsOf(course('course-d', keysAbsolute))).toEqual([
      'courses/course-d: Absolute words (never, only, all...) are in 6 of 6 correct choices (100%) and 0 of 18 ' +
        'wrong ones (0%); the ratio must be 0.5 to 2, so neither kind gives the answer away',
    ]);
  });

  it('find absolute words as whole words only', () => {
    expect(hasAbsoluteWord('You must never paste names')).toBe(true);
    expect(hasAbsoluteWord('No one checks it')).toBe(true);
    expect(hasAbsoluteWord('Allow it for a small group')).toBe(false);
    expect(hasAbsoluteWord('Overall, the tool helps')).toBe(false);
  });

  it('count only a strictly longest or shortest correct choice (a tie is not a giveaway)', () => {
    expect(isCorrectStrictlyLongest({ choices: ['abcd', 'abcd', 'ab'], answer: 0 })).toBe(false);
    expect(isCorrectStrictlyLongest({ choices: ['abcde', 'abcd', 'ab'], answer: 0 })).toBe(true);
    expect(isCorrectStrictlyShortest({ choices: ['ab', 'ab', 'abcd'], answer: 0 })).toBe(false);
    expect(isCorrectStrictlyShortest({ choices: ['a', 'ab', 'abcd'], answer: 0 })).toBe(true);
  });

  it('refuse a position that holds more than 40% of a course', () => {
    const questions = spread(6, (t, a) => question(t, a < 2 ? 2 : a));
    expect(problemsOf(course('course-e', questions))).toEqual([
      'courses/course-e: The correct choice is at position 2 in 5 of 6 questions (83%); no position may hold more than 40%',
    ]);
  });

  it('ask at least 3 questions of a module, and 4 from 10 minutes, so 70% is not "all correct"', () => {
    expect(minimumQuestions('9 min')).toBe(3);
    expect(minimumQuestions('10 min')).toBe(4);
    const short = entry('course-f', 1, { duration: '8 min', quiz: spread(2, (t, a) => question(t, a)) });
    const long = entry('course-f', 2, { duration: '18 min', quiz: spread(3, (t, a) => question(t, a), 2) });
    const perModule = checkQuizzes([short, long]).problems.filter((p) => p.file !== 'courses/course-f');
    expect(perModule).toEqual([
      {
        file: 'courses/course-f/modules/01-module-1.md',
        field: 'quiz',
        message:
          'Has 2 questions; a written module of 8 min asks at least 3, so the 70% pass mark is not "all correct"',
      },
      {
        file: 'courses/course-f/modules/02-module-2.md',
        field: 'quiz',
        message:
          'Has 3 questions; a written module of 18 min asks at least 4, so the 70% pass mark is not "all correct"',
      },
    ]);
  });

  it('refuse a question repeated across modules, naming both modules', () => {
    const { problems } = checkQuizzes(repeatedAcrossModules);
    const repeats = problems.filter((p) => p.field.endsWith('.question'));
    expect(repeats).toHaveLength(1);
    expect(repeats[0]).toMatchObject({
      file: 'courses/course-b/modules/03-module-3.md',
      field: 'quiz.0.question',
    });
    expect(repeats[0]?.message).toContain('course-b module 3');
    expect(repeats[0]?.message).toContain('ai-in-education module 5');
  });

  it('measure near-sameness on normalised words', () => {
    expect(
      questionSimilarity('Why is a detector score not enough?', 'why is a DETECTOR score, not enough'),
    ).toBe(1);
    expect(
      questionSimilarity(
        'What should a teacher do first after a detector flags work?',
        'Why is a score not enough?',
      ),
    ).toBeLessThan(0.8);
  });

  it('refuse a quiz on an outline-only module of a coming-soon course', () => {
    const outline = (entries: typeof outlineWithQuiz) =>
      checkQuizzes(entries).problems.filter((p) => p.file.endsWith('02-module-2.md'));
    expect(outline(outlineWithoutQuiz)).toEqual([]);
    expect(outline(outlineWithQuiz)).toEqual([
      {
        file: 'courses/soon-course/modules/02-module-2.md',
        field: 'quiz',
        message: 'An outline-only module of a coming-soon course carries no quiz until it is written',
      },
    ]);
    // Outline questions do not count in the figures.
    expect(checkQuizzes(outlineWithQuiz).figures.questions).toBe(1);
  });
});
