import { describe, expect, it } from 'vitest';
import {
  addCompleted,
  applyAttempt,
  bestScore,
  isSuperseded,
  nextGeneration,
  courseCardAction,
  courseCompletion,
  courseOverviewAction,
  gradeAnswers,
  isModuleUnlocked,
  moduleProgressIndicator,
  moduleStatus,
  nextModuleToTake,
  percentComplete,
  progressMessages,
  unionCompleted,
} from './progress.js';

describe('progress rules (spec section 4)', () => {
  it('unions local and server lists without duplicates, sorted', () => {
    expect(unionCompleted([3, 1], [2, 3], [1])).toEqual([1, 2, 3]);
    expect(addCompleted([1, 3], 2)).toEqual([1, 2, 3]);
    expect(addCompleted([1, 2], 2)).toEqual([1, 2]);
  });

  it('rounds the percent and caps it at 100', () => {
    expect(percentComplete(1, 3)).toBe(33);
    expect(percentComplete(2, 3)).toBe(67);
    expect(percentComplete(6, 6)).toBe(100);
    expect(percentComplete(7, 6)).toBe(100);
    expect(percentComplete(0, 0)).toBe(0);
  });

  it('ignores ids that are not modules of the course', () => {
    const c = courseCompletion([1, 2, 9], [1, 2, 3]);
    expect(c).toMatchObject({
      completed: [1, 2],
      completedCount: 2,
      total: 3,
      percent: 67,
      isComplete: false,
    });
    expect(courseCompletion([1, 2, 3], [1, 2, 3]).isComplete).toBe(true);
  });

  it('opens module 1 always and module n only after n-1', () => {
    expect(isModuleUnlocked(1, [])).toBe(true);
    expect(isModuleUnlocked(2, [])).toBe(false);
    expect(isModuleUnlocked(2, [1])).toBe(true);
    expect(isModuleUnlocked(4, [1, 2])).toBe(false);
    expect(moduleStatus(1, [1])).toBe('completed');
    expect(moduleStatus(2, [1])).toBe('current');
    expect(moduleStatus(3, [1])).toBe('locked');
  });

  it('sends Start/Continue/Review to the first incomplete unlocked module', () => {
    expect(nextModuleToTake([1, 2, 3], [])).toBe(1);
    expect(nextModuleToTake([1, 2, 3], [1])).toBe(2);
    expect(nextModuleToTake([1, 2, 3], [1, 2, 3])).toBe(1);
    expect(courseCardAction(0)).toBe('Start Course');
    expect(courseCardAction(50)).toBe('Continue Course');
    expect(courseCardAction(100)).toBe('Review Course');
    expect(courseOverviewAction(0)).toBe('Start Course');
    expect(courseOverviewAction(17)).toBe('Continue Learning');
    expect(courseOverviewAction(100)).toBe('Review Course');
  });

  it('builds the module indicator from what the teacher did, at most 100 (issue 16)', () => {
    const none = { hasVideo: true, videoProgressed: false, lessonRead: false, quizCompleted: false };
    expect(moduleProgressIndicator(none)).toBe(0);
    expect(moduleProgressIndicator({ ...none, videoProgressed: true })).toBe(33);
    expect(moduleProgressIndicator({ ...none, videoProgressed: true, lessonRead: true })).toBe(67);
    expect(moduleProgressIndicator({ ...none, quizCompleted: true })).toBe(100);
    // Without a video the video step is not counted as done: nothing done is 0%.
    const noVideo = { ...none, hasVideo: false };
    expect(moduleProgressIndicator(noVideo)).toBe(0);
    expect(moduleProgressIndicator({ ...noVideo, videoProgressed: true })).toBe(0);
    expect(moduleProgressIndicator({ ...noVideo, lessonRead: true })).toBe(50);
    expect(moduleProgressIndicator({ ...noVideo, lessonRead: true, quizCompleted: true })).toBe(100);
  });

  it('grades answers against the key with the 70 pass mark', () => {
    expect(gradeAnswers([1, 2, 0], [1, 2, 0])).toEqual({ correct: 3, total: 3, score: 100, passed: true });
    expect(gradeAnswers([1, 2, 0], [1, 2, 3])).toEqual({ correct: 2, total: 3, score: 67, passed: false });
    expect(gradeAnswers([1], [0]).passed).toBe(false);
    expect(gradeAnswers([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 0, 0, 0]).passed).toBe(true);
  });

  it('words the reset confirmation as the spec does', () => {
    expect(progressMessages.resetConfirm('AI in Education')).toBe(
      'Are you sure you want to reset progress for "AI in Education"? This will clear all completed modules and quiz scores for this course. This action cannot be undone.',
    );
  });
});

describe('applyAttempt (the merge of a graded quiz attempt)', () => {
  const pass = { score: 80, passed: true, unlocked: true, answers: [1, 2], at: 't1' };
  it('completes an unlocked module on a passing attempt, at the attempt time', () => {
    expect(applyAttempt(undefined, pass)).toEqual({
      completed: true,
      score: 80,
      answers: [1, 2],
      completedAt: 't1',
    });
  });
  it('does not complete a locked module or a failed attempt, but keeps the score', () => {
    expect(applyAttempt(undefined, { ...pass, unlocked: false })).toMatchObject({
      completed: false,
      score: 80,
      completedAt: null,
    });
    expect(applyAttempt(undefined, { ...pass, score: 50, passed: false })).toMatchObject({
      completed: false,
      score: 50,
    });
  });
  it('keeps completion, the best score, its answers and the first completion time', () => {
    const before = { completed: true, score: 90, answers: [0, 0], completedAt: 't0' };
    expect(
      applyAttempt(before, { score: 40, passed: false, unlocked: true, answers: [3, 3], at: 't2' }),
    ).toEqual(before);
    expect(applyAttempt(before, { ...pass, score: 100, answers: [2, 2] })).toEqual({
      completed: true,
      score: 100,
      answers: [2, 2],
      completedAt: 't0',
    });
  });
  it('takes the best of two scores', () => {
    expect(bestScore(40, 70)).toBe(70);
    expect(bestScore(undefined, 30)).toBe(30);
    expect(bestScore(undefined, undefined)).toBe(0);
  });
});

describe('the course-reset generation rule', () => {
  it('ignores an op made before the last reset; an op without a generation is current', () => {
    expect(isSuperseded(1, 2)).toBe(true);
    expect(isSuperseded(2, 2)).toBe(false);
    expect(isSuperseded(3, 2)).toBe(false);
    expect(isSuperseded(undefined, 2)).toBe(false);
  });
  it('moves past both the current generation and the one the device knew', () => {
    expect(nextGeneration(2)).toBe(3);
    expect(nextGeneration(2, 2)).toBe(3);
    expect(nextGeneration(2, 5)).toBe(6);
  });
});
