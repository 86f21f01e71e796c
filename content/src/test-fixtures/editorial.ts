import type { ModuleOutline, QuizQuestion } from '@pd/domain';
import { moduleFile, type ModuleEntry } from '../written-modules.js';

/** Small in-memory modules for the quiz and time rules (issue 19): one passing and one failing set per rule. */

type Question = Pick<QuizQuestion, 'question' | 'choices' | 'answer'>;

export function entry(
  courseSlug: string,
  id: number,
  fields: Partial<ModuleOutline> & { quiz?: Question[] } = {},
  written = true,
): ModuleEntry {
  const module: ModuleOutline = {
    id,
    slug: `module-${id}`,
    title: `Module ${id}`,
    description: 'A module.',
    duration: '10 min',
    markdown: '## A lesson\n\nShort.',
    lastReviewed: '2026-11-23',
    sources: [
      { title: 'A primary source', publisher: 'An agency', date: '2026-04', url: 'https://example.gov/' },
    ],
    ...fields,
    quiz: fields.quiz?.map((q) => ({ ...q, explanation: 'Why.' })),
  };
  return { courseSlug, module, file: moduleFile(courseSlug, module), written };
}

/** Choices of near-equal length; `longest` makes the correct one strictly the longest. */
export function question(text: string, answer: number, longest = false): Question {
  const choices = ['Plan the lesson', 'Check the facts', 'Ask the student', 'Read the policy'];
  if (longest) choices[answer] = `${choices[answer] ?? ''} first, then decide`;
  return { question: text, choices, answer };
}

/** The correct one strictly the shortest. */
export function shortestKey(text: string, answer: number): Question {
  const choices = ['Plan the lesson', 'Check the facts', 'Ask the student', 'Read the policy'];
  choices[answer] = 'Wait';
  return { question: text, choices, answer };
}

/** Wrong choices carry an absolute word ("always"), the correct one does not. */
export function absoluteDistractors(text: string, answer: number): Question {
  const choices = ['Always plan one', 'Always check it', 'Always ask them', 'Always read one'];
  choices[answer] = 'Plan the lesson';
  return { question: text, choices, answer };
}

/** Six questions: the correct choice longest in 2 (a third), positions 0-3 spread (2, 2, 1, 1). */
export const balancedQuizzes: ModuleEntry[] = [
  entry('course-a', 1, {
    quiz: [
      question('What does a language model predict when it writes?', 0, true),
      question('Which task suits a first pilot with a small team?', 1),
    ],
  }),
  entry('course-a', 2, {
    quiz: [
      question('Who should approve a new tool before students use it?', 2),
      question('Why should a teacher verify an answer key drafted by AI?', 3, true),
    ],
  }),
  entry('course-b', 1, {
    quiz: [
      question('How should a school explain its AI rules to families?', 0),
      question('What makes a team norm observable in practice?', 1),
    ],
  }),
];

/** The correct choice is the longest in 3 of 6 questions (half). */
export const longestGivesAway: ModuleEntry[] = [
  entry('course-a', 1, {
    quiz: [
      question('Question one about planning?', 0, true),
      question('Question two about pilots?', 1, true),
    ],
  }),
  entry('course-b', 1, {
    quiz: [
      question('Question three about families?', 2, true),
      question('Question four about norms?', 3),
      question('Question five about data?', 0),
      question('Question six about bias?', 1),
    ],
  }),
];

/** Position 2 holds 3 of 6 questions (50%). */
export const onePositionTooOften: ModuleEntry[] = [
  entry('course-a', 1, {
    quiz: [question('Question one about planning?', 2), question('Question two about pilots?', 2)],
  }),
  entry('course-b', 1, {
    quiz: [
      question('Question three about families?', 2),
      question('Question four about norms?', 3),
      question('Question five about data?', 0),
      question('Question six about bias?', 1),
    ],
  }),
];

/** The detector question asked twice, once with different case, punctuation and spacing. */
export const repeatedAcrossModules: ModuleEntry[] = [
  entry('ai-in-education', 5, {
    quiz: [question('Why is an AI detector score not enough evidence on its own?', 0)],
  }),
  entry('course-b', 3, {
    quiz: [question('why is an AI-detector score  NOT enough evidence, on its own', 1)],
  }),
  entry('course-c', 2, {
    quiz: [question('What should a teacher do first after an AI detector flags work?', 2)],
  }),
  entry('course-c', 3, { quiz: [question('Which data may go into a general AI tool?', 3)] }),
];

/** An outline-only module (a coming-soon course's module 2) that carries a quiz. */
export const outlineWithQuiz: ModuleEntry[] = [
  entry('soon-course', 1, { quiz: [question('What does the preview module teach?', 0)] }),
  entry('soon-course', 2, { markdown: '', quiz: [question('What will module two teach?', 1)] }, false),
];

export const outlineWithoutQuiz: ModuleEntry[] = [
  entry('soon-course', 1, { quiz: [question('What does the preview module teach?', 0)] }),
  entry('soon-course', 2, { markdown: '' }, false),
];

/** `n` words of lesson text. */
export const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

/**
 * 10 minutes: 400 words (2 min) + an activity of 5 minutes with its own timed steps (not counted
 * again) + a 30-minute optional facilitated extension with a timed step under it (not counted).
 */
export const honestLesson = [
  '## Why it matters',
  '',
  words(300),
  '',
  '## Try it: sort your week (about 5 minutes)',
  '',
  '### Step 1 (about 2 minutes)',
  '',
  words(50),
  '',
  '### Step 2 (about 3 minutes)',
  '',
  words(50),
  '',
  "## Optional facilitated extension (about 30 minutes, not counted in this module's time)",
  '',
  '### Round one (15 minutes)',
  '',
  '## Pitfalls',
  '',
  'Keep it short.',
].join('\n');

/** 8 minutes stated, but 4 minutes of reading (714 words with the headings) and 12 minutes of activity. */
export const overlongLesson = [
  '## Why it matters',
  '',
  words(700),
  '',
  '## Try it: the "say it to a parent" round (12 minutes)',
].join('\n');
