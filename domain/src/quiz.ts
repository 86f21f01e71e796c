/**
 * The knowledge-check state machine of spec section 4. Pure: each step returns a new state.
 * Only the first question is unlocked at the start; a correct check locks the question and unlocks the
 * next; a wrong check marks it incorrect and clears the choice so the teacher can retry.
 */
export type QuestionStatus = 'locked' | 'unlocked' | 'correct' | 'incorrect';

export interface QuestionState {
  status: QuestionStatus;
  selected: number | null;
  submitted: boolean;
}

export interface QuizState {
  questions: QuestionState[];
  /** True after the first check (the quiz-started analytics event fires then). */
  started: boolean;
}

/** A fresh quiz, or (for an already-completed module with a score) every question answered correctly. */
export function initQuiz(answerKey: readonly number[], alreadyCompleted = false): QuizState {
  return {
    started: alreadyCompleted,
    questions: answerKey.map((answer, i) =>
      alreadyCompleted
        ? { status: 'correct', selected: answer, submitted: true }
        : { status: i === 0 ? 'unlocked' : 'locked', selected: null, submitted: false },
    ),
  };
}

function canAnswer(q: QuestionState | undefined): q is QuestionState {
  return !!q && !q.submitted && (q.status === 'unlocked' || q.status === 'incorrect');
}

/** Choosing an answer clears a prior incorrect flag; a submitted or locked question cannot change. */
export function selectChoice(state: QuizState, index: number, choice: number): QuizState {
  const q = state.questions[index];
  if (!canAnswer(q)) return state;
  const questions = state.questions.slice();
  questions[index] = { status: 'unlocked', selected: choice, submitted: false };
  return { ...state, questions };
}

/** 'Check Answer' is enabled only with a choice on an answerable question. */
export function canCheck(state: QuizState, index: number): boolean {
  const q = state.questions[index];
  return canAnswer(q) && q.selected !== null;
}

export function checkAnswer(state: QuizState, index: number, answerKey: readonly number[]): QuizState {
  const q = state.questions[index];
  if (!canAnswer(q) || q.selected === null) return state;
  const questions = state.questions.slice();
  if (q.selected === answerKey[index]) {
    questions[index] = { status: 'correct', selected: q.selected, submitted: true };
    const next = questions[index + 1];
    if (next && next.status === 'locked') questions[index + 1] = { ...next, status: 'unlocked' };
  } else {
    questions[index] = { status: 'incorrect', selected: null, submitted: false };
  }
  return { started: true, questions };
}

/** rounded(correct / total * 100) over the submitted questions. */
export function quizScore(state: QuizState): number {
  const total = state.questions.length;
  if (total === 0) return 0;
  const correct = state.questions.filter((q) => q.status === 'correct').length;
  return Math.round((correct / total) * 100);
}

export function isQuizComplete(state: QuizState): boolean {
  return state.questions.length > 0 && state.questions.every((q) => q.submitted);
}

/** The chosen answers to send to the server (one per question; -1 for an unanswered one). */
export function chosenAnswers(state: QuizState): number[] {
  return state.questions.map((q) => (q.submitted && q.selected !== null ? q.selected : -1));
}
