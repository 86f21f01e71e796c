import { describe, expect, it } from 'vitest';
import {
  checkQuizzes,
  formatQuizFigures,
  isCorrectStrictlyLongest,
  questionSimilarity,
} from './quiz-rules.js';
import {
  balancedQuizzes,
  longestGivesAway,
  onePositionTooOften,
  outlineWithoutQuiz,
  outlineWithQuiz,
  repeatedAcrossModules,
} from './test-fixtures/editorial.js';

describe('the quiz rules of issue 19', () => {
  it('pass quizzes where the correct choice is the longest in a third and positions vary', () => {
    const { figures, problems } = checkQuizzes(balancedQuizzes);
    expect(problems).toEqual([]);
    expect(figures).toEqual({ modules: 3, questions: 6, longestCorrect: 2, positionCounts: [2, 2, 1, 1] });
    expect(formatQuizFigures(figures)).toBe(
      'quizzes: 6 questions in 3 written modules; correct choice strictly longest in 2 (33%, at most 33%); ' +
        'answer positions 0: 2 (33%), 1: 2 (33%), 2: 1 (17%), 3: 1 (17%) (at most 40% each)',
    );
  });

  it('refuse quizzes where the correct choice is the longest in more than a third', () => {
    const { figures, problems } = checkQuizzes(longestGivesAway);
    expect(figures.longestCorrect).toBe(3);
    expect(problems).toEqual([
      {
        file: 'courses',
        field: 'quiz',
        message: 'The correct choice is the longest in 3 of 6 questions (50%); at most a third may be',
      },
    ]);
  });

  it('count only a strictly longest correct choice (a tie is not a giveaway)', () => {
    expect(isCorrectStrictlyLongest({ choices: ['abcd', 'abcd', 'ab'], answer: 0 })).toBe(false);
    expect(isCorrectStrictlyLongest({ choices: ['abcde', 'abcd', 'ab'], answer: 0 })).toBe(true);
    expect(isCorrectStrictlyLongest({ choices: ['abcde', 'abcd', 'ab'], answer: 1 })).toBe(false);
  });

  it('refuse a position that holds more than 40% of the questions', () => {
    const { figures, problems } = checkQuizzes(onePositionTooOften);
    expect(figures.positionCounts).toEqual([1, 1, 3, 1]);
    expect(problems).toEqual([
      {
        file: 'courses',
        field: 'quiz',
        message:
          'The correct choice is at position 2 in 3 of 6 questions (50%); no position may hold more than 40%',
      },
    ]);
  });

  it('refuse a question repeated across modules, naming both modules', () => {
    const { problems } = checkQuizzes(repeatedAcrossModules);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: 'courses/course-b/modules/03-module-3.md',
      field: 'quiz.0.question',
    });
    expect(problems[0]?.message).toContain('course-b module 3');
    expect(problems[0]?.message).toContain('ai-in-education module 5');
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
    // (One question overall: the position rule speaks too; only the per-module problems matter here.)
    const perModule = (entries: typeof outlineWithQuiz) =>
      checkQuizzes(entries).problems.filter((p) => p.file !== 'courses');
    expect(perModule(outlineWithoutQuiz)).toEqual([]);
    expect(perModule(outlineWithQuiz)).toEqual([
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
