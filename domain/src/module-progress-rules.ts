// Zod-free: the rules of one module's progress (its steps, grading, attempts, generations) and the
// progress texts, for the module page and the api. Not in the first load (progress-rules.ts is).
import { limits } from './limits.js';

/** What the teacher has done on a module page, for its progress indicator. */
export interface ModuleSteps {
  /** The module has a video (without one there is no video step, done or not). */
  hasVideo: boolean;
  videoProgressed: boolean;
  /** The teacher reached the end of the lesson. */
  lessonRead: boolean;
  /** The quiz was completed (or the module already was). */
  quizCompleted: boolean;
}

/**
 * The module progress indicator (spec section 9: at most 100). It counts only what the teacher did
 * (issue 16): the share of the module's steps done — the video (only when there is one), the lesson
 * read to its end, the quiz. A completed quiz completes the module: 100.
 */
export function moduleProgressIndicator(steps: ModuleSteps): number {
  if (steps.quizCompleted) return 100;
  const done = (steps.hasVideo && steps.videoProgressed ? 1 : 0) + (steps.lessonRead ? 1 : 0);
  const total = (steps.hasVideo ? 1 : 0) + 2;
  return Math.min(100, Math.round((done / total) * 100));
}

/** Score a set of answers against the key: rounded(correct / total * 100). */
export function gradeAnswers(answerKey: readonly number[], answers: readonly number[]) {
  const total = answerKey.length;
  const correct = answerKey.reduce((n, key, i) => (answers[i] === key ? n + 1 : n), 0);
  const score = total === 0 ? 0 : Math.round((correct / total) * 100);
  return { correct, total, score, passed: score >= limits.quizPassMark };
}

export function passesQuiz(score: number): boolean {
  return score >= limits.quizPassMark;
}

/** The best of two scores (a module keeps its best attempt). */
export function bestScore(a: number | undefined, b: number | undefined): number {
  return Math.max(a ?? 0, b ?? 0);
}

/** What is known of one module's progress; `T` is how the record keeps time (a Date, an ISO string). */
export interface ModuleProgressState<T = string> {
  completed: boolean;
  /** The best score so far. */
  score: number;
  /** The answers of the best attempt. */
  answers?: readonly number[];
  /** When the module was first completed; null while it is not. */
  completedAt?: T | null;
}

/** A graded quiz attempt. */
export interface GradedAttempt<T = string> {
  score: number;
  passed: boolean;
  /** Whether the module was unlocked when the attempt was made (a locked module never completes). */
  unlocked: boolean;
  answers?: readonly number[];
  at?: T;
}

/**
 * Applies a graded quiz attempt to a module's progress (docs/ARCHITECTURE.md, "Offline-first"): once
 * completed stays completed, and an attempt completes the module only when it passes and the module
 * is unlocked; the best score and the answers of the best attempt are kept; the first completion time
 * is the time of the first completing attempt. The api applies it to the server's record of the
 * module, the pwa to the device's row, so the device shows what the server will answer.
 */
export function applyAttempt<T>(
  before: ModuleProgressState<T> | undefined,
  attempt: GradedAttempt<T>,
): ModuleProgressState<T> {
  const better = !before || attempt.score > before.score;
  const completed = (before?.completed ?? false) || (attempt.passed && attempt.unlocked);
  return {
    completed,
    score: bestScore(before?.score, attempt.score),
    answers: better ? attempt.answers : before.answers,
    completedAt: before?.completedAt ?? (completed ? (attempt.at ?? null) : null),
  };
}

/**
 * The course-reset generation rule: a reset moves the course to a new generation, and an op made on a
 * generation below the current one (before the last reset) no longer counts. An op that does not say
 * its generation belongs to the current one.
 */
export function isSuperseded(opGeneration: number | undefined, currentGeneration: number): boolean {
  return opGeneration !== undefined && opGeneration < currentGeneration;
}

/** The generation after a reset made by a device that knew `knownGeneration` (default: the current). */
export function nextGeneration(currentGeneration: number, knownGeneration?: number): number {
  return Math.max(currentGeneration, knownGeneration ?? currentGeneration) + 1;
}

export const progressMessages = {
  fetchFailed: 'Failed to fetch progress',
  resetFailed: 'Failed to reset course progress',
  resetFailedAlert: 'Failed to reset course progress. Please try again.',
  connectionIssues: 'Connection issues detected',
  syncFailed: 'Failed to sync progress to database',
  moduleLocked: 'Complete the previous module first.',
  wrongAnswerCount: 'Send one answer for each question of the quiz.',
  resetConfirm: (title: string) =>
    `Are you sure you want to reset progress for "${title}"? This will clear all completed modules and quiz scores for this course. This action cannot be undone.`,
} as const;
