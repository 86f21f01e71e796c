import { describe, expect, it } from 'vitest';
import {
  canCheck,
  checkAnswer,
  chosenAnswers,
  initQuiz,
  isQuizComplete,
  quizScore,
  selectChoice,
} from './quiz.js';

const key = [2, 0, 1];

describe('the knowledge-check state machine (spec section 4)', () => {
  it('unlocks only the first question at the start', () => {
    const s = initQuiz(key);
    expect(s.questions.map((q) => q.status)).toEqual(['unlocked', 'locked', 'locked']);
    expect(s.started).toBe(false);
    expect(canCheck(s, 0)).toBe(false);
  });

  it('a wrong check marks the question incorrect and clears the choice; choosing again clears the flag', () => {
    let s = selectChoice(initQuiz(key), 0, 1);
    expect(canCheck(s, 0)).toBe(true);
    s = checkAnswer(s, 0, key);
    expect(s.questions[0]).toEqual({ status: 'incorrect', selected: null, submitted: false });
    expect(s.started).toBe(true);
    expect(canCheck(s, 0)).toBe(false);
    s = selectChoice(s, 0, 2);
    expect(s.questions[0]?.status).toBe('unlocked');
  });

  it('a correct check locks the question, unlocks the next and recomputes the score', () => {
    let s = checkAnswer(selectChoice(initQuiz(key), 0, 2), 0, key);
    expect(s.questions[0]).toEqual({ status: 'correct', selected: 2, submitted: true });
    expect(s.questions[1]?.status).toBe('unlocked');
    expect(quizScore(s)).toBe(33);
    // A submitted question cannot be changed, and a locked one cannot be answered.
    expect(selectChoice(s, 0, 1)).toBe(s);
    expect(selectChoice(s, 2, 1)).toBe(s);
    s = checkAnswer(selectChoice(s, 1, 0), 1, key);
    s = checkAnswer(selectChoice(s, 2, 1), 2, key);
    expect(isQuizComplete(s)).toBe(true);
    expect(quizScore(s)).toBe(100);
    expect(chosenAnswers(s)).toEqual(key);
  });

  it('shows an already-completed module with every answer correct', () => {
    const s = initQuiz(key, true);
    expect(isQuizComplete(s)).toBe(true);
    expect(quizScore(s)).toBe(100);
  });
});
