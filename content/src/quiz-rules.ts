import type { QuizQuestion } from '@pd/domain';
import type { ContentProblem } from './loader.js';
import type { ModuleEntry } from './written-modules.js';

/**
 * Issue 19: quizzes that do not give their answers away. Across all written modules:
 * - the correct choice is the strictly longest choice (in characters) in no more than a third of
 *   the questions;
 * - no answer position holds more than 40% of the questions;
 * - no question is repeated across modules (same or near-same text: token Jaccard >= 0.8 after
 *   normalising case, punctuation and whitespace);
 * - outline-only modules of coming-soon courses carry no quiz.
 */
export const quizRules = {
  maxLongestCorrectShare: 1 / 3,
  maxPositionShare: 0.4,
  minRepeatSimilarity: 0.8,
} as const;

export interface QuizFigures {
  /** Written modules with a quiz. */
  modules: number;
  questions: number;
  /** Questions whose correct choice is strictly longer than every other choice. */
  longestCorrect: number;
  /** Questions by the zero-based position of the correct choice. */
  positionCounts: number[];
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

/** Measures the quizzes of the written modules and reports every broken rule. */
export function checkQuizzes(entries: readonly ModuleEntry[]): QuizCheck {
  const problems: ContentProblem[] = [];
  const figures: QuizFigures = { modules: 0, questions: 0, longestCorrect: 0, positionCounts: [0, 0, 0, 0] };
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
    if (!quiz || quiz.length === 0) continue;
    figures.modules += 1;
    quiz.forEach((question, index) => {
      figures.questions += 1;
      if (isCorrectStrictlyLongest(question)) figures.longestCorrect += 1;
      while (figures.positionCounts.length <= question.answer) figures.positionCounts.push(0);
      figures.positionCounts[question.answer] = (figures.positionCounts[question.answer] ?? 0) + 1;

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
    });
  }

  const { questions, longestCorrect, positionCounts } = figures;
  if (questions > 0 && longestCorrect / questions > quizRules.maxLongestCorrectShare) {
    problems.push({
      file: 'courses',
      field: 'quiz',
      message:
        `The correct choice is the longest in ${longestCorrect} of ${questions} questions ` +
        `(${percent(longestCorrect, questions)}%); at most a third may be`,
    });
  }
  positionCounts.forEach((count, position) => {
    if (questions > 0 && count / questions > quizRules.maxPositionShare) {
      problems.push({
        file: 'courses',
        field: 'quiz',
        message:
          `The correct choice is at position ${position} in ${count} of ${questions} questions ` +
          `(${percent(count, questions)}%); no position may hold more than 40%`,
      });
    }
  });
  return { figures, problems };
}

/** One line for the check's output: the measured figures. */
export function formatQuizFigures({
  modules,
  questions,
  longestCorrect,
  positionCounts,
}: QuizFigures): string {
  const positions = positionCounts
    .map((count, position) => `${position}: ${count} (${percent(count, questions)}%)`)
    .join(', ');
  return (
    `quizzes: ${questions} questions in ${modules} written modules; correct choice strictly longest in ` +
    `${longestCorrect} (${percent(longestCorrect, questions)}%, at most 33%); answer positions ${positions} ` +
    `(at most 40% each)`
  );
}
