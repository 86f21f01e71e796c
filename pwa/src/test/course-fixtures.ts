import type { Course, CourseSummary, ProgressRecord } from '@pd/domain';

/** A catalogue entry for tests: three 10-minute modules unless told otherwise. */
export function buildCourseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  const slug = overrides.slug ?? 'ai-tools-beyond-chatgpt';
  return {
    id: 2,
    slug,
    title: 'AI Tools Beyond ChatGPT',
    description: 'Discover classroom-ready AI tools beyond chatbots.',
    theme: { gradient: 'from-teal-500 to-blue-600', primaryColor: '#0d9488' },
    duration: '30 Minutes',
    totalMinutes: 30,
    isPremium: false,
    isComingSoon: false,
    modules: [1, 2, 3].map((id) => ({
      id,
      slug: `module-${id}`,
      title: `Module title ${id}`,
      description: `What module ${id} covers.`,
      duration: '10 min',
    })),
    ...overrides,
  };
}

export function buildProgressRecord(
  courseSlug: string,
  moduleId: number,
  completed = true,
  score = completed ? 100 : 0,
): ProgressRecord {
  return { courseSlug, moduleId, completed, score, answers: [] };
}

/** The full course (GET /api/content/courses/:slug) matching a catalogue entry: one question per module. */
export function buildCourse(summary: CourseSummary = buildCourseSummary()): Course {
  const info = {
    id: summary.id,
    slug: summary.slug,
    title: summary.title,
    description: summary.description,
    theme: summary.theme,
    duration: summary.duration,
    totalMinutes: summary.totalMinutes,
    isPremium: summary.isPremium,
    overview: `About ${summary.title}.`,
  };
  const modules = summary.modules.map((m) => ({
    ...m,
    image: `/images/courses/${summary.slug}/0${m.id}-${m.slug}.svg`,
    imageAlt: `Illustration of ${m.title}`,
    markdown: `# ${m.title}\n\nLesson text.`,
    quiz: [
      { question: 'Which is right?', choices: ['A', 'B', 'C', 'D'], answer: 1, explanation: 'B is right.' },
    ],
    bestPracticeTip: 'Start small.',
    lastReviewed: '2026-11-23',
  }));
  return summary.isComingSoon
    ? { ...info, isComingSoon: true, modules }
    : { ...info, isComingSoon: false, modules };
}
