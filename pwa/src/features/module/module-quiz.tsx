import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockIcon from '@mui/icons-material/Lock';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canCheck,
  checkAnswer,
  chosenAnswers,
  initQuiz,
  isQuizComplete,
  quizScore,
  selectChoice,
  type QuestionStatus,
  type QuizQuestion,
  type QuizState,
} from '@pd/domain';
import { useEffect, useId, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useDirtyForm } from '../../lib/dirty-forms';
import { moduleTimings } from './module-timings';

export interface QuizResult {
  /** The chosen choice of each question (zero-based), which the server grades. */
  answers: number[];
  score: number;
}

export interface ModuleQuizProps {
  questions: readonly QuizQuestion[];
  /** The module is already completed: every question shows answered correctly. */
  alreadyCompleted: boolean;
  /** Fires 100 ms after the quiz completes with a score above 0 (spec section 4). */
  onComplete: (result: QuizResult) => void;
  /** Shown under the result, e.g. the save state. */
  footer?: ReactNode;
}

export const quizMessages = {
  correct: 'Correct!',
  incorrect: 'Not quite — try again.',
} as const;

const statusLabels: Record<QuestionStatus, string> = {
  locked: 'Locked',
  unlocked: 'Unlocked',
  correct: 'Correct',
  incorrect: 'Incorrect',
};

const statusIcons: Record<QuestionStatus, ReactElement> = {
  locked: <LockIcon />,
  unlocked: <RadioButtonUncheckedIcon />,
  correct: <CheckCircleIcon />,
  incorrect: <CancelIcon />,
};

const statusColours = {
  locked: 'default',
  unlocked: 'primary',
  correct: 'success',
  incorrect: 'error',
} as const;

/**
 * The 'Knowledge Check': the quiz state machine of `@pd/domain` (spec section 4) on screen. One
 * fieldset per question; 'Check Answer' is enabled only with a choice; each result is announced in a
 * live region.
 */
export function ModuleQuiz({ questions, alreadyCompleted, onComplete, footer }: ModuleQuizProps) {
  const answerKey = useMemo(() => questions.map((q) => q.answer), [questions]);
  const [quiz, setQuiz] = useState<QuizState>(() => initQuiz(answerKey, alreadyCompleted));
  // A quiz under way holds unsaved input: no page reload and no service-worker swap until it ends.
  useDirtyForm(
    !isQuizComplete(quiz) &&
      quiz.questions.some((q) => q.selected !== null || (q.status !== 'locked' && q.status !== 'unlocked')),
  );
  const idPrefix = useId();
  const fieldsets = useRef<Array<HTMLFieldSetElement | null>>([]);
  const resultRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<(() => void) | null>(null);

  // The module may turn out completed after the quiz opened (progress from another device arrived).
  const [knownCompleted, setKnownCompleted] = useState(alreadyCompleted);
  if (alreadyCompleted !== knownCompleted) {
    setKnownCompleted(alreadyCompleted);
    if (alreadyCompleted && !isQuizComplete(quiz)) setQuiz(initQuiz(answerKey, true));
  }

  // The completion callback runs after a short delay; leaving the page first still delivers it.
  const latestOnComplete = useRef(onComplete);
  useEffect(() => {
    latestOnComplete.current = onComplete;
  });
  const pendingCompletion = useRef<{ timer: number; run: () => void } | null>(null);
  useEffect(
    () => () => {
      const pending = pendingCompletion.current;
      if (!pending) return;
      window.clearTimeout(pending.timer);
      pending.run();
    },
    [],
  );

  useEffect(() => {
    focusAfterRender.current?.();
    focusAfterRender.current = null;
  }, [quiz]);

  const focusFirstChoice = (index: number) => {
    focusAfterRender.current = () =>
      fieldsets.current[index]
        ?.querySelector<HTMLInputElement>('input[type="radio"]:not(:disabled)')
        ?.focus();
  };

  const onCheck = (index: number) => {
    const next = checkAnswer(quiz, index, answerKey);
    if (next === quiz) return;
    setQuiz(next);
    const answeredRight = next.questions[index]?.status === 'correct';
    if (!answeredRight) focusFirstChoice(index);
    else if (index + 1 < next.questions.length) focusFirstChoice(index + 1);
    else focusAfterRender.current = () => resultRef.current?.focus();

    if (isQuizComplete(quiz) || !isQuizComplete(next)) return;
    const score = quizScore(next);
    if (score <= 0) return;
    const result: QuizResult = { answers: chosenAnswers(next), score };
    const run = () => {
      pendingCompletion.current = null;
      latestOnComplete.current(result);
    };
    pendingCompletion.current = { timer: window.setTimeout(run, moduleTimings.quizCompletionDelayMs), run };
  };

  const score = quizScore(quiz);
  const complete = isQuizComplete(quiz);
  const correctCount = quiz.questions.filter((q) => q.status === 'correct').length;
  const headingId = `${idPrefix}-heading`;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        Knowledge Check
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Answer each question correctly to complete this module. The next question unlocks once you get the
        previous one right.
      </Typography>
      <Stack spacing={2}>
        {questions.map((question, index) => {
          const state = quiz.questions[index];
          if (!state) return null;
          return (
            <QuestionCard
              key={index}
              index={index}
              total={questions.length}
              question={question}
              status={state.status}
              selected={state.selected}
              submitted={state.submitted}
              canCheck={canCheck(quiz, index)}
              idPrefix={`${idPrefix}-q${index}`}
              fieldsetRef={(el) => {
                fieldsets.current[index] = el;
              }}
              onSelect={(choice) => setQuiz((current) => selectChoice(current, index, choice))}
              onCheck={() => onCheck(index)}
            />
          );
        })}
      </Stack>
      <Box sx={{ mt: 2.5 }}>
        <Typography sx={{ fontWeight: 700 }}>
          Score: {score}%{' '}
          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
            ({correctCount} of {questions.length} correct)
          </Box>
        </Typography>
        <Box
          ref={resultRef}
          tabIndex={-1}
          role="status"
          sx={{ outline: 'none', mt: complete ? 1.5 : 0, scrollMarginTop: { xs: 160, md: 96 } }}
        >
          {complete && (
            <Alert severity="success" variant="outlined">
              Quiz complete! Your score: {score}%.
            </Alert>
          )}
        </Box>
        {footer}
      </Box>
    </Box>
  );
}

interface QuestionCardProps {
  index: number;
  total: number;
  question: QuizQuestion;
  status: QuestionStatus;
  selected: number | null;
  submitted: boolean;
  canCheck: boolean;
  idPrefix: string;
  fieldsetRef: (el: HTMLFieldSetElement | null) => void;
  onSelect: (choice: number) => void;
  onCheck: () => void;
}

function QuestionCard({
  index,
  total,
  question,
  status,
  selected,
  submitted,
  canCheck: checkEnabled,
  idPrefix,
  fieldsetRef,
  onSelect,
  onCheck,
}: QuestionCardProps) {
  const answerable = !submitted && status !== 'locked';
  const borderColor =
    status === 'correct' ? 'success.main' : status === 'incorrect' ? 'error.main' : 'divider';
  return (
    <Paper
      variant="outlined"
      data-testid={`question-${index + 1}`}
      data-status={status}
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderColor,
        borderWidth: status === 'unlocked' ? 1 : 2,
        // Focus moves here after a check: keep the focused choice clear of the sticky header.
        '& input, & button': { scrollMarginTop: { xs: 160, md: 96 } },
      }}
    >
      <Box
        component="fieldset"
        ref={fieldsetRef}
        disabled={!answerable}
        sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
      >
        <Box
          component="legend"
          sx={{ p: 0, mb: 1, width: '100%', display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Typography component="span" variant="overline" sx={{ lineHeight: 1.5, color: 'text.secondary' }}>
            Question {index + 1} of {total}
          </Typography>
          <Chip
            size="small"
            icon={statusIcons[status]}
            label={statusLabels[status]}
            color={statusColours[status]}
            variant={status === 'unlocked' || status === 'locked' ? 'outlined' : 'filled'}
          />
          <Typography
            component="span"
            sx={{ display: 'block', width: '100%', fontWeight: 700, fontSize: '1.05rem' }}
          >
            {question.question}
          </Typography>
        </Box>
        {status === 'locked' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Answer the previous question correctly to unlock this one.
          </Typography>
        )}
        <RadioGroup
          name={`${idPrefix}-choice`}
          value={selected === null ? '' : String(selected)}
          onChange={(_event, value) => onSelect(Number(value))}
        >
          {question.choices.map((choice, choiceIndex) => (
            <FormControlLabel
              key={choiceIndex}
              value={String(choiceIndex)}
              control={<Radio />}
              label={choice}
              sx={{
                alignItems: 'flex-start',
                mr: 0,
                my: 0.25,
                '& .MuiRadio-root': { pt: 0.75 },
                '& .MuiFormControlLabel-label': { pt: 1 },
                '& .MuiFormControlLabel-label.Mui-disabled': {
                  color: submitted && choiceIndex === selected ? 'text.primary' : undefined,
                },
              }}
            />
          ))}
        </RadioGroup>
        {!submitted && (
          <Button variant="contained" onClick={onCheck} disabled={!checkEnabled} sx={{ mt: 1.5 }}>
            Check Answer
          </Button>
        )}
      </Box>
      <Box role="status" sx={{ mt: status === 'correct' || status === 'incorrect' ? 1.5 : 0 }}>
        {status === 'incorrect' && (
          <Alert severity="error" variant="outlined">
            {quizMessages.incorrect}
          </Alert>
        )}
        {status === 'correct' && (
          <Alert severity="success" variant="outlined">
            <strong>{quizMessages.correct}</strong> {question.explanation}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
