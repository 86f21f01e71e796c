import { describe, expect, it } from 'vitest';
import {
  Course,
  CourseTheme,
  Module,
  ModuleOutline,
  moduleMinutes,
  pdHours,
  publicCourseSummary,
  QuizQuestion,
  LegalPage,
  type Module as ModuleType,
  type OpenCourse,
} from './content.js';

const quizQuestion = { question: 'Which?', choices: ['A', 'B', 'C'], answer: 2, explanation: 'Because.' };
const module: ModuleType = {
  id: 1,
  slug: 'what-is-generative-ai',
  title: 'What Is Generative AI?',
  description: 'The basics.',
  duration: '10 min',
  image: '/images/courses/ai-in-education/01-what-is-generative-ai.svg',
  imageAlt: 'A diagram.',
  markdown: '## Start\n\nText.',
  quiz: [quizQuestion],
  bestPracticeTip: 'Start small.',
  lastReviewed: '2026-11-23',
};
const course: OpenCourse = {
  id: 1,
  slug: 'ai-in-education',
  title: 'AI in Education',
  description: 'An introduction.',
  theme: { gradient: 'from-blue-500 to-indigo-600', primaryColor: '#2563eb' },
  duration: '60 Minutes',
  totalMinutes: 60,
  isPremium: false,
  isComingSoon: false,
  overview: 'What you will learn.',
  modules: [module],
};

describe('moduleMinutes', () => {
  it('reads "N min"', () => {
    expect(moduleMinutes('15 min')).toBe(15);
    expect(moduleMinutes(' 5 min ')).toBe(5);
  });
  it('rejects other text', () => {
    expect(() => moduleMinutes('fifteen minutes')).toThrow(RangeError);
    expect(() => moduleMinutes('15')).toThrow(RangeError);
  });
});

describe('pdHours', () => {
  it('formats course minutes / 60 with one decimal', () => {
    expect(pdHours(60)).toBe('1.0 PD hour');
    expect(pdHours(90)).toBe('1.5 PD hours');
    expect(pdHours(30)).toBe('0.5 PD hours');
    expect(pdHours(75)).toBe('1.3 PD hours');
    expect(pdHours(120)).toBe('2.0 PD hours');
  });
});

describe('QuizQuestion', () => {
  it('accepts 2 to 4 choices with an answer among them', () => {
    expect(QuizQuestion.safeParse(quizQuestion).success).toBe(true);
    expect(QuizQuestion.safeParse({ ...quizQuestion, choices: ['A', 'B'], answer: 0 }).success).toBe(true);
  });
  it('rejects an answer index outside the choices, on the answer field', () => {
    const result = QuizQuestion.safeParse({ ...quizQuestion, answer: 3 });
    expect(result.error?.issues.map((i) => i.path)).toEqual([['answer']]);
    expect(QuizQuestion.safeParse({ ...quizQuestion, answer: -1 }).success).toBe(false);
    expect(QuizQuestion.safeParse({ ...quizQuestion, answer: 1.5 }).success).toBe(false);
  });
  it('rejects 1 or 5 choices', () => {
    expect(QuizQuestion.safeParse({ ...quizQuestion, choices: ['A'], answer: 0 }).success).toBe(false);
    expect(QuizQuestion.safeParse({ ...quizQuestion, choices: ['A', 'B', 'C', 'D', 'E'] }).success).toBe(
      false,
    );
  });
});

describe('Module', () => {
  it('accepts a full module', () => {
    expect(Module.parse(module)).toEqual(module);
  });
  it.each([
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30',
    'https://player.vimeo.com/video/123456789',
  ])('accepts the privacy-enhanced embed %s', (videoUrl) => {
    expect(Module.safeParse({ ...module, videoUrl }).success).toBe(true);
  });
  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://vimeo.com/123456789',
    'https://player.vimeo.com.evil.example/video/1',
  ])('rejects the video URL %s', (videoUrl) => {
    expect(Module.safeParse({ ...module, videoUrl }).success).toBe(false);
  });
  it('keeps durations to 5-22 minutes', () => {
    expect(Module.safeParse({ ...module, duration: '5 min' }).success).toBe(true);
    expect(Module.safeParse({ ...module, duration: '22 min' }).success).toBe(true);
    expect(Module.safeParse({ ...module, duration: '4 min' }).success).toBe(false);
    expect(Module.safeParse({ ...module, duration: '23 min' }).success).toBe(false);
    expect(Module.safeParse({ ...module, duration: '10 minutes' }).success).toBe(false);
  });
  it('needs 1 to 4 quiz questions (decision 094), a lesson and no unknown fields', () => {
    expect(Module.safeParse({ ...module, quiz: [] }).success).toBe(false);
    expect(Module.safeParse({ ...module, quiz: Array(4).fill(quizQuestion) }).success).toBe(true);
    expect(Module.safeParse({ ...module, quiz: Array(5).fill(quizQuestion) }).success).toBe(false);
    expect(Module.safeParse({ ...module, markdown: '  ' }).success).toBe(false);
    expect(Module.safeParse({ ...module, bestPraticeTip: 'typo' }).success).toBe(false);
  });
  it('lets a coming-soon outline leave out the lesson, image, tip and quiz', () => {
    const outline = {
      id: 2,
      slug: 'next',
      title: 'Next',
      description: 'Soon.',
      duration: '10 min',
      markdown: '',
    };
    expect(ModuleOutline.safeParse(outline).success).toBe(true);
    expect(Module.safeParse(outline).success).toBe(false);
  });
});

describe('Course', () => {
  it('accepts a course and checks its theme', () => {
    expect(Course.parse(course)).toEqual(course);
    expect(
      CourseTheme.safeParse({ gradient: 'from-orange-500 to-blue-600', primaryColor: '#2563eb' }).success,
    ).toBe(false);
    expect(
      CourseTheme.safeParse({ gradient: 'from-blue-500 to-indigo-600', primaryColor: 'blue' }).success,
    ).toBe(false);
  });
});

describe('publicCourseSummary', () => {
  it('keeps the catalogue fields and drops lessons, quizzes and answer keys', () => {
    const summary = publicCourseSummary(course);
    expect(summary).toEqual({
      id: 1,
      slug: 'ai-in-education',
      title: 'AI in Education',
      description: 'An introduction.',
      theme: { gradient: 'from-blue-500 to-indigo-600', primaryColor: '#2563eb' },
      duration: '60 Minutes',
      totalMinutes: 60,
      isPremium: false,
      isComingSoon: false,
      modules: [
        {
          id: 1,
          slug: 'what-is-generative-ai',
          title: 'What Is Generative AI?',
          description: 'The basics.',
          duration: '10 min',
        },
      ],
    });
    const json = JSON.stringify(summary);
    expect(json).not.toContain('answer');
    expect(json).not.toContain('markdown');
    expect(json).not.toContain('Start small');
  });
});

describe('LegalPage', () => {
  it('needs a real lastUpdated date', () => {
    const page = { title: 'Terms of Service', lastUpdated: '2026-11-21', markdown: 'Text.' };
    expect(LegalPage.safeParse(page).success).toBe(true);
    expect(LegalPage.safeParse({ ...page, lastUpdated: '2026-02-30' }).success).toBe(false);
    expect(LegalPage.safeParse({ ...page, lastUpdated: undefined }).success).toBe(false);
  });
});
