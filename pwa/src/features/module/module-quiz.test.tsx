import type { QuizQuestion } from '@pd/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModuleQuiz, type QuizResult } from './module-quiz';

const questions: QuizQuestion[] = [
  {
    question: 'What does a large language model predict?',
    choices: ['The next word', 'The weather', 'Test scores', 'Nothing'],
    answer: 0,
    explanation: 'It predicts likely next words from patterns in its training text.',
  },
  {
    question: 'Should you paste student names into a public chatbot?',
    choices: ['Yes', 'No'],
    answer: 1,
    explanation: 'Keep personal data of students out of public tools.',
  },
];

function renderQuiz(alreadyCompleted = false) {
  const onComplete = vi.fn<(result: QuizResult) => void>();
  const user = userEvent.setup({ delay: null });
  const utils = render(
    <ModuleQuiz questions={questions} alreadyCompleted={alreadyCompleted} onComplete={onComplete} />,
  );
  return { ...utils, user, onComplete };
}

const question = (n: number) => screen.getByTestId(`question-${n}`);
const group = (n: number) => within(question(n)).getByRole('group');
const checkButton = (n: number) => within(question(n)).getByRole('button', { name: 'Check Answer' });

describe('ModuleQuiz', () => {
  it('runs the state machine: locked, Check Answer disabled, wrong clears, right locks and unlocks', async () => {
    const { user, onComplete } = renderQuiz();
    expect(screen.getByRole('heading', { level: 2, name: 'Knowledge Check' })).toBeInTheDocument();
    // One fieldset per question, named by its legend.
    expect(group(1)).toHaveAccessibleName(/Question 1 of 2.*What does a large language model predict\?/);
    expect(question(1)).toHaveAttribute('data-status', 'unlocked');
    expect(question(2)).toHaveAttribute('data-status', 'locked');
    expect(within(question(2)).getByText('Locked')).toBeInTheDocument();
    for (const radio of within(question(2)).getAllByRole('radio')) expect(radio).toBeDisabled();

    expect(checkButton(1)).toBeDisabled();
    await user.click(within(question(1)).getByRole('radio', { name: 'The weather' }));
    expect(checkButton(1)).toBeEnabled();

    // A wrong answer: marked incorrect, announced, the choice cleared.
    await user.click(checkButton(1));
    expect(question(1)).toHaveAttribute('data-status', 'incorrect');
    expect(within(question(1)).getByRole('status')).toHaveTextContent('Not quite — try again.');
    for (const radio of within(question(1)).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(checkButton(1)).toBeDisabled();
    expect(question(2)).toHaveAttribute('data-status', 'locked');
    expect(screen.getByText(/Score: 0%/)).toBeInTheDocument();

    // Choosing again clears the incorrect flag.
    await user.click(within(question(1)).getByRole('radio', { name: 'The next word' }));
    expect(question(1)).toHaveAttribute('data-status', 'unlocked');
    expect(within(question(1)).getByRole('status')).toHaveTextContent('');

    // The right answer: locked as correct with the explanation; the next question opens.
    await user.click(checkButton(1));
    expect(question(1)).toHaveAttribute('data-status', 'correct');
    expect(within(question(1)).getByRole('status')).toHaveTextContent(
      'Correct! It predicts likely next words from patterns in its training text.',
    );
    expect(within(question(1)).getByRole('radio', { name: 'The next word' })).toBeChecked();
    for (const radio of within(question(1)).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(question(1)).queryByRole('button', { name: 'Check Answer' })).not.toBeInTheDocument();
    expect(question(2)).toHaveAttribute('data-status', 'unlocked');
    expect(within(question(2)).getByRole('radio', { name: 'Yes' })).toHaveFocus();
    expect(screen.getByText(/Score: 50%/)).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('on completion calls back after 100 ms with the chosen answers and score 100', () => {
    // Synchronous events under fake timers (user-event awaits real timers between its steps).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onComplete = vi.fn<(result: QuizResult) => void>();
      render(<ModuleQuiz questions={questions} alreadyCompleted={false} onComplete={onComplete} />);
      fireEvent.click(within(question(1)).getByRole('radio', { name: 'The next word' }));
      fireEvent.click(checkButton(1));
      fireEvent.click(within(question(2)).getByRole('radio', { name: 'No' }));
      fireEvent.click(checkButton(2));

      expect(screen.getByText(/Score: 100%/)).toBeInTheDocument();
      expect(screen.getByText('Quiz complete! Your score: 100%.')).toBeInTheDocument();
      expect(onComplete).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(99));
      expect(onComplete).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(onComplete).toHaveBeenCalledTimes(1);
      expect(onComplete).toHaveBeenCalledWith({ answers: [0, 1], score: 100 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('still delivers the completion when the page is left within the 100 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onComplete = vi.fn<(result: QuizResult) => void>();
      const { unmount } = render(
        <ModuleQuiz questions={questions} alreadyCompleted={false} onComplete={onComplete} />,
      );
      fireEvent.click(within(question(1)).getByRole('radio', { name: 'The next word' }));
      fireEvent.click(checkButton(1));
      fireEvent.click(within(question(2)).getByRole('radio', { name: 'No' }));
      fireEvent.click(checkButton(2));
      expect(onComplete).not.toHaveBeenCalled();
      unmount();
      expect(onComplete).toHaveBeenCalledWith({ answers: [0, 1], score: 100 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an already-completed module with every question answered correctly', () => {
    const { onComplete } = renderQuiz(true);
    for (const n of [1, 2]) {
      expect(question(n)).toHaveAttribute('data-status', 'correct');
      expect(within(question(n)).queryByRole('button', { name: 'Check Answer' })).not.toBeInTheDocument();
    }
    expect(within(question(1)).getByRole('radio', { name: 'The next word' })).toBeChecked();
    expect(within(question(2)).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(
      screen.getByText('Keep personal data of students out of public tools.', { exact: false }),
    ).toBeVisible();
    expect(screen.getByText(/Score: 100%/)).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('switches to all-correct when the module turns out completed while open', () => {
    const onComplete = vi.fn();
    const { rerender } = render(
      <ModuleQuiz questions={questions} alreadyCompleted={false} onComplete={onComplete} />,
    );
    expect(question(1)).toHaveAttribute('data-status', 'unlocked');
    rerender(<ModuleQuiz questions={questions} alreadyCompleted onComplete={onComplete} />);
    expect(question(1)).toHaveAttribute('data-status', 'correct');
    expect(question(2)).toHaveAttribute('data-status', 'correct');
    expect(onComplete).not.toHaveBeenCalled();
  });
});
