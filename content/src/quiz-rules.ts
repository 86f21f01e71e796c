import { moduleMinutes, type QuizQuestion } from '@pd/domain';
import type { ContentProblem } from './loader.js';
import type { ModuleEntry } from './written-modules.js';

/**
 * Quizzes that test judgement and do not give their answers away (issues 19 and 29, decision 094).
 *
 * Per written module: at least 3 questions, and 4 from a duration of 10 minutes (so the 70% pass mark
 * is not "all correct"). Per course, over its written modules:
 * - the correct choice is the unique longest choice (in characters) in no more than a third of the
 *   questions, and the unique shortest in no more than a third (issue 29: the tell had moved from
 *   longest to shortest);
 * - absolute words ("never", "only", "all"...) appear in correct choices about as often as in wrong
 *   ones: the share of correct choices carrying one, over the share of wrong choices carrying one, is
 *   0.5 to 2, once the course has at least `minAbsoluteChoices` such choices;
 * - no answer position holds more than 40% of the questions (positions may repeat within a module).
 * Across the catalogue: no question repeats one of another module (token Jaccard >= 0.8 after
 * normalising case, punctuation and whitespace). Outline-only modules of coming-soon courses carry
 * no quiz.
 */
export const quizRules = {
  minQuestions: 3,
  /**
   * From this many minutes of duration a module asks `minQuestionsLong` (issue 29 item 2: "at least 3
   * items per module and 4 from 10 minutes"). A re-timing briefly raised it to 16; it is 10 again,
   * and every written module of 10 minutes or more asks 4 (decision 094).
   */
  longModuleMinutes: 10,
  minQuestionsLong: 4,
  maxLongestCorrectShare: 1 / 3,
  maxShortestCorrectShare: 1 / 3,
  minAbsoluteRatio: 0.5,
  maxAbsoluteRatio: 2,
  /** Below this many choices with an absolute word in a course, the ratio is not measured. */
  minAbsoluteChoices: 4,
  maxPositionShare: 0.4,
  minRepeatSimilarity: 0.8,
} as const;

/** Words that make a choice sound absolute; a quiz-taker learns to avoid (or pick) them. */
export const absoluteWords = [
  'never',
  'always',
  'only',
  'all',
  'none',
  'every',
  'everyone',
  'everything',
  'nothing',
  'nobody',
  'no one',
  'completely',
  'entirely',
  'guarantee',
  'guarantees',
  'guaranteed',
] as const;
const absolutePattern = new RegExp(`\\b(?:${absoluteWords.join('|').replace(/ /g, '\\s+')})\\b`, 'i');

/** True when the text holds one of `absoluteWords` as a whole word. */
export function hasAbsoluteWord(text: string): boolean {
  return absolutePattern.test(text);
}

export interface CourseQuizFigures {
  courseSlug: string;
  questions: number;
  /** Questions whose correct choice is strictly longer than every other choice. */
  longestCorrect: number;
  /** Questions whose correct choice is strictly shorter than every other choice. */
  shortestCorrect: number;
  /** Correct choices, and those of them with an absolute word. */
  keys: number;
  keysAbsolute: number;
  /** Wrong choices, and those of them with an absolute word. */
  wrongs: number;
  wrongsAbsolute: number;
  /** Questions by the zero-based position of the correct choice. */
  positionCounts: number[];
}

export interface QuizFigures {
  /** Written modules with a quiz. */
  modules: number;
  questions: number;
  courses: CourseQuizFigures[];
}

export interface QuizCheck {
  figures: QuizFigures;
  problems: ContentProblem[];
}

/** True when the correct choice is longer, in characters, than every other choice. */
export function isCorrectStrictlyLongest(question: Pick<QuizQuestion, 'choices' | 'answer'>): boolean {
  const correct = question.choices[question.answer];
  if (correct === undefined) return false;
  return question.choices.every((choice, i) => i === question.answer || choice.length < correct.length);
}

/** True when the correct choice is shorter, in characters, than every other choice. */
export function isCorrectStrictlyShortest(question: Pick<QuizQuestion, 'choices' | 'answer'>): boolean {
  const correct = question.choices[question.answer];
  if (correct === undefined) return false;
  return question.choices.every((choice, i) => i === question.answer || choice.length > correct.length);
}

/** The questions a written module must ask at least. */
export function minimumQuestions(duration: string): number {
  let minutes = 0;
  try {
    minutes = moduleMinutes(duration);
  } catch {
    // The schema reports a malformed duration.
  }
  return minutes >= quizRules.longModuleMinutes ? quizRules.minQuestionsLong : quizRules.minQuestions;
}

/** Lower case, letters and digits only, single spaces. */
export function normaliseQuestion(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Jaccard similarity of the two texts' sets of normalised words (1 = the same words). */
export function questionSimilarity(a: string, b: string): number {
  const left = new Set(normaliseQuestion(a).split(' ').filter(Boolean));
  const right = new Set(normaliseQuestion(b).split(' ').filter(Boolean));
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
const moduleName = (entry: ModuleEntry) => `${entry.courseSlug} module ${entry.module.id}`;

/** Share of correct choices with an absolute word over the share of wrong ones; null when not measured. */
export function absoluteRatio(figures: CourseQuizFigures): number | null {
  const { keys, keysAbsolute, wrongs, wrongsAbsolute } = figures;
  if (keysAbsolute + wrongsAbsolute < quizRules.minAbsoluteChoices || keys === 0 || wrongs === 0) return null;
  if (wrongsAbsolute === 0) return Number.POSITIVE_INFINITY;
  return keysAbsolute / keys / (wrongsAbsolute / wrongs);
}

function emptyCourse(courseSlug: string): CourseQuizFigures {
  return {
    courseSlug,
    questions: 0,
    longestCorrect: 0,
    shortestCorrect: 0,
    keys: 0,
    keysAbsolute: 0,
    wrongs: 0,
    wrongsAbsolute: 0,
    positionCounts: [0, 0, 0, 0],
  };
}

/** Measures the quizzes of the written modules and reports every broken rule. */
export function checkQuizzes(entries: readonly ModuleEntry[]): QuizCheck {
  const problems: ContentProblem[] = [];
  const figures: QuizFigures = { modules: 0, questions: 0, courses: [] };
  const byCourse = new Map<string, CourseQuizFigures>();
  const asked: { entry: ModuleEntry; index: number; question: string }[] = [];

  for (const entry of entries) {
    const quiz = entry.module.quiz;
    if (!entry.written) {
      if (quiz !== undefined && quiz.length > 0) {
        problems.push({
          file: entry.file,
          field: 'quiz',
          message: 'An outline-only module of a coming-soon course carries no quiz until it is written',
        });
      }
      continue;
    }
    const needed = minimumQuestions(entry.module.duration);
    if ((quiz?.length ?? 0) < needed) {
      problems.push({
        file: entry.file,
        field: 'quiz',
        message:
          `Has ${quiz?.length ?? 0} questions; a written module of ${entry.module.duration} asks at least ` +
          `${needed}, so the 70% pass mark is not "all correct"`,
      });
    }
    if (!quiz || quiz.length === 0) continue;
    figures.modules += 1;
    let course = byCourse.get(entry.courseSlug);
    if (!course) {
      course = emptyCourse(entry.courseSlug);
      byCourse.set(entry.courseSlug, course);
      figures.courses.push(course);
    }
    for (const [index, question] of quiz.entries()) {
      figures.questions += 1;
      course.questions += 1;
      if (isCorrectStrictlyLongest(question)) course.longestCorrect += 1;
      if (isCorrectStrictlyShortest(question)) course.shortestCorrect += 1;
      question.choices.forEach((choice, i) => {
        const absolute = hasAbsoluteWord(choice) ? 1 : 0;
        if (i === question.answer) {
          course.keys += 1;
          course.keysAbsolute += absolute;
        } else {
          course.wrongs += 1;
          course.wrongsAbsolute += absolute;
        }
      });
      while (course.positionCounts.length <= question.answer) course.positionCounts.push(0);
      course.positionCounts[question.answer] = (course.positionCounts[question.answer] ?? 0) + 1;

      for (const earlier of asked) {
        if (earlier.entry.file === entry.file) continue;
        const similarity = questionSimilarity(earlier.question, question.question);
        if (similarity >= quizRules.minRepeatSimilarity) {
          problems.push({
            file: entry.file,
            field: `quiz.${index}.question`,
            message:
              `Repeats a question of ${moduleName(earlier.entry)} (quiz.${earlier.index}, ` +
              `${Math.round(similarity * 100)}% the same words): ${moduleName(entry)} and ` +
              `${moduleName(earlier.entry)} must each ask their own`,
          });
        }
      }
      asked.push({ entry, index, question: question.question });
    }
  }

  for (const course of figures.courses) problems.push(...courseProblems(course));
  return { figures, problems };
}

function courseProblems(course: CourseQuizFigures): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const { courseSlug, questions, longestCorrect, shortestCorrect, positionCounts } = course;
  const file = `courses/${courseSlug}`;
  const report = (message: string) => problems.push({ file, field: 'quiz', message });
  if (longestCorrect / questions > quizRules.maxLongestCorrectShare) {
    report(
      `The correct choice is the longest in ${longestCorrect} of ${questions} questions ` +
        `(${percent(longestCorrect, questions)}%); at most a third may be`,
    );
  }
  if (shortestCorrect / questions > quizRules.maxShortestCorrectShare) {
    report(
      `The correct choice is the shortest in ${shortestCorrect} of ${questions} questions ` +
        `(${percent(shortestCorrect, questions)}%); at most a third may be`,
    );
  }
  const ratio = absoluteRatio(course);
  if (ratio !== null && (ratio < quizRules.minAbsoluteRatio || ratio > quizRules.maxAbsoluteRatio)) {
    report(
      `Absolute words (never, only, all...) are in ${course.keysAbsolute} of ${course.keys} correct ` +
        `choices (${percent(course.keysAbsolute, course.keys)}%) and ${course.wrongsAbsolute} of ` +
        `${course.wrongs} wrong ones (${percent(course.wrongsAbsolute, course.wrongs)}%); the ratio must ` +
        `be 0.5 to 2, so neither kind gives the answer away`,
    );
  }
  positionCounts.forEach((count, position) => {
    if (count / questions > quizRules.maxPositionShare) {
      report(
        `The correct choice is at position ${position} in ${count} of ${questions} questions ` +
          `(${percent(count, questions)}%); no position may hold more than 40%`,
      );
    }
  });
  return problems;
}

/** Lines for the check's output: the measured figures, per course. */
export function formatQuizFigures({ modules, questions, courses }: QuizFigures): string {
  const lines = [`quizzes: ${questions} questions in ${modules} written modules`];
  for (const course of courses) {
    const ratio = absoluteRatio(course);
    const positions = course.positionCounts.map((count) => percent(count, course.questions)).join('/');
    lines.push(
      `  ${course.courseSlug}: ${course.questions} questions; key longest ` +
        `${percent(course.longestCorrect, course.questions)}%, shortest ` +
        `${percent(course.shortestCorrect, course.questions)}% (at most 33% each); absolute words in keys ` +
        `${course.keysAbsolute}/${course.keys}, in wrong choices ${course.wrongsAbsolute}/${course.wrongs}` +
        ` (ratio ${ratio === null ? 'not measured' : ratio.toFixed(2)}, 0.5-2); positions ${positions}% ` +
        `(at most 40% each)`,
    );
  }
  return lines.join('\n');
}
