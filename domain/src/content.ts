import { z } from 'zod';
import { gradientColours, gradientPattern, hexColourPattern, slugPattern } from './content-patterns.js';

export { gradientColours, gradientShades } from './content-patterns.js';

/**
 * Course content entities of product-spec.md section 3, as they are written in `content/` (see
 * content/README.md) and served by the api. The objects are strict: an unknown or misspelt field in a
 * content file is an error, not a silently dropped value.
 */

const Slug = z.string().regex(slugPattern, { message: 'Must be lower-case words joined by hyphens' });
const Text = z.string().trim().min(1, { message: 'Must not be empty' });
const PositiveInt = z.int().positive();

export const CourseTheme = z.strictObject({
  gradient: z.string().regex(gradientPattern, {
    message: `Must be "from-<colour>-<shade> to-<colour>-<shade>" with colours ${gradientColours.join(', ')} and shades 400 to 800`,
  }),
  primaryColor: z.string().regex(hexColourPattern, { message: 'Must be a hex colour like "#2563eb"' }),
});
export type CourseTheme = z.infer<typeof CourseTheme>;

/** Module durations run 5 to 22 minutes (spec section 3). */
export const moduleMinutesRange = { min: 5, max: 22 } as const;
/** Quizzes have 1 to 3 questions, each with 2 to 4 choices (spec section 3). */
export const quizLimits = { minQuestions: 1, maxQuestions: 3, minChoices: 2, maxChoices: 4 } as const;

const moduleDurationPattern = /^(\d{1,3}) min$/;

/** Minutes of a module duration text such as '15 min'. Throws a RangeError for any other text. */
export function moduleMinutes(duration: string): number {
  const match = moduleDurationPattern.exec(duration.trim());
  if (!match) throw new RangeError(`Not a module duration: "${duration}" (expected e.g. "15 min")`);
  return Number(match[1]);
}

export const ModuleDuration = z
  .string()
  .regex(moduleDurationPattern, { message: 'Must read "N min", e.g. "15 min"' })
  .refine(
    (text) => {
      const match = moduleDurationPattern.exec(text.trim());
      if (!match) return true; // the pattern check above reports it
      const minutes = Number(match[1]);
      return minutes >= moduleMinutesRange.min && minutes <= moduleMinutesRange.max;
    },
    { message: `Must be ${moduleMinutesRange.min} to ${moduleMinutesRange.max} minutes` },
  );

/** Privacy-enhanced embeds only: YouTube's no-cookie player or Vimeo's player. */
export const videoUrlPattern =
  /^https:\/\/(?:www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{6,}|player\.vimeo\.com\/video\/\d+)(?:\?[A-Za-z0-9_=&.%-]*)?$/;
export const VideoUrl = z.string().regex(videoUrlPattern, {
  message:
    'Must be a privacy-enhanced embed: https://www.youtube-nocookie.com/embed/<id> or https://player.vimeo.com/video/<id>',
});

/** A static image path, served from content/images at /images/... */
export const ImagePath = z
  .string()
  .regex(/^\/images\/(?:[a-z0-9_-]+\/)*[a-z0-9_.-]+\.(?:svg|png|jpg|jpeg|webp)$/, {
    message: 'Must be a path like /images/courses/<course-slug>/NN-<module-slug>.svg',
  })
  .refine((path) => !path.includes('..'), { message: 'Must not contain ".."' });

export const QuizQuestion = z
  .strictObject({
    question: Text,
    choices: z
      .array(Text)
      .min(quizLimits.minChoices, { message: 'Must have 2 to 4 choices' })
      .max(quizLimits.maxChoices, { message: 'Must have 2 to 4 choices' }),
    /** Zero-based index of the correct choice. */
    answer: z.int().nonnegative(),
    explanation: Text,
  })
  .refine((q) => !Array.isArray(q.choices) || q.answer < q.choices.length, {
    message: 'Must be the zero-based index of one of the choices',
    path: ['answer'],
  });
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const Quiz = z
  .array(QuizQuestion)
  .min(quizLimits.minQuestions, { message: 'Must have 1 to 3 questions' })
  .max(quizLimits.maxQuestions, { message: 'Must have 1 to 3 questions' });

/** A module, written in full: lesson, image, tip and quiz. */
export const Module = z.strictObject({
  /** 1-based, within the course. */
  id: PositiveInt,
  slug: Slug,
  title: Text,
  description: Text,
  duration: ModuleDuration,
  videoUrl: VideoUrl.optional(),
  image: ImagePath,
  imageAlt: Text,
  /** The lesson body in Markdown. */
  markdown: Text,
  quiz: Quiz,
  bestPracticeTip: Text,
});
export type Module = z.infer<typeof Module>;

/**
 * A module of a coming-soon course that is not written yet: its title, description and duration are
 * known, the rest may follow later (a superadmin can preview the course).
 */
export const ModuleOutline = Module.partial({
  videoUrl: true,
  image: true,
  imageAlt: true,
  quiz: true,
  bestPracticeTip: true,
}).extend({ markdown: z.string() });
export type ModuleOutline = z.infer<typeof ModuleOutline>;

/** The fields of course.md: front matter plus the overview (its Markdown body). */
export const CourseInfo = z.strictObject({
  id: PositiveInt,
  slug: Slug,
  title: Text,
  description: Text,
  theme: CourseTheme,
  /** Card text, e.g. '60 Minutes'. */
  duration: Text,
  totalMinutes: PositiveInt,
  isPremium: z.boolean(),
  isComingSoon: z.boolean().default(false),
  overview: Text,
});
export type CourseInfo = z.infer<typeof CourseInfo>;

export const OpenCourse = CourseInfo.extend({ isComingSoon: z.literal(false), modules: z.array(Module) });
export const ComingSoonCourse = CourseInfo.extend({
  isComingSoon: z.literal(true),
  modules: z.array(ModuleOutline),
});
/** A course with its modules. Modules of a coming-soon course may be outlines. */
export const Course = z.discriminatedUnion('isComingSoon', [OpenCourse, ComingSoonCourse]);
export type OpenCourse = z.infer<typeof OpenCourse>;
export type ComingSoonCourse = z.infer<typeof ComingSoonCourse>;
export type Course = z.infer<typeof Course>;

/** Card text of a course length: `courseDurationText(60)` is '60 Minutes'. */
export function courseDurationText(totalMinutes: number): string {
  return `${totalMinutes} Minutes`;
}

/** A module as the catalogue shows it: no lesson, quiz or answer key. */
export const ModuleSummary = z.strictObject({
  id: PositiveInt,
  slug: Slug,
  title: Text,
  description: Text,
  duration: z.string(),
});
export type ModuleSummary = z.infer<typeof ModuleSummary>;

/** A catalogue entry: safe to serve to anyone, whatever the course's access. */
export const CourseSummary = z.strictObject({
  id: PositiveInt,
  slug: Slug,
  title: Text,
  description: Text,
  theme: CourseTheme,
  duration: z.string(),
  totalMinutes: PositiveInt,
  isPremium: z.boolean(),
  isComingSoon: z.boolean(),
  modules: z.array(ModuleSummary),
});
export type CourseSummary = z.infer<typeof CourseSummary>;

/** The catalogue view of a course, without overview, lesson text, quizzes or answer keys. */
export function publicCourseSummary(course: Course): CourseSummary {
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    description: course.description,
    theme: { gradient: course.theme.gradient, primaryColor: course.theme.primaryColor },
    duration: course.duration,
    totalMinutes: course.totalMinutes,
    isPremium: course.isPremium,
    isComingSoon: course.isComingSoon,
    modules: course.modules.map((module) => ({
      id: module.id,
      slug: module.slug,
      title: module.title,
      description: module.description,
      duration: module.duration,
    })),
  };
}

/** PD hours of a course for its certificate: course minutes / 60, one decimal ('1.0 PD hour', '1.5 PD hours'). */
export function pdHours(totalMinutes: number): string {
  const hours = (Math.round((totalMinutes / 60) * 10) / 10).toFixed(1);
  return `${hours} PD ${hours === '1.0' ? 'hour' : 'hours'}`;
}

// ---------------------------------------------------------------------------------------------------
// The static course catalogue of spec section 3.

export interface CatalogueEntry {
  id: number;
  slug: string;
  /** Only where the spec names the title. */
  title?: string;
  isPremium: boolean;
  isComingSoon: boolean;
  /** Null where the spec leaves it to the course's files (ai-classroom-transformations). */
  totalMinutes: number | null;
  /** Null where the spec leaves it to the course's files (ai-classroom-transformations). */
  moduleCount: number | null;
  /** Module slugs the spec fixes, by module id. */
  moduleSlugs?: Readonly<Record<number, string>>;
  /** Spec: "In course 1 module 6, two questions have fewer than 4 choices." */
  shortChoiceQuestions?: { moduleId: number; count: number };
}

export const catalogue: readonly CatalogueEntry[] = [
  {
    id: 1,
    slug: 'ai-in-education',
    isPremium: false,
    isComingSoon: false,
    totalMinutes: 60,
    moduleCount: 6,
    shortChoiceQuestions: { moduleId: 6, count: 2 },
  },
  {
    id: 2,
    slug: 'ai-tools-beyond-chatgpt',
    isPremium: false,
    isComingSoon: false,
    totalMinutes: 30,
    moduleCount: 3,
  },
  {
    id: 3,
    slug: 'prompt-engineering',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 60,
    moduleCount: 7,
    moduleSlugs: { 5: 'teacher-specific-prompts' },
  },
  {
    id: 4,
    slug: 'ai-readiness-workshop-part-1',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 60,
    moduleCount: 6,
  },
  {
    id: 5,
    slug: 'ai-readiness-workshop-part-2',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 60,
    moduleCount: 7,
  },
  {
    id: 6,
    slug: 'ai-governance-policy-setting',
    title: 'Governing AI in Schools',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 60,
    moduleCount: 6,
    moduleSlugs: {
      1: 'why-ai-governance-matters',
      2: 'ai-ethics-in-schools',
      3: 'designing-ai-policies',
      4: 'ai-feedback-kpi-success',
      5: 'building-trust-buy-in',
      6: 'culture-of-ai-excellence',
    },
  },
  {
    id: 7,
    slug: 'ai-powered-gamified-learning',
    isPremium: true,
    isComingSoon: true,
    totalMinutes: 75,
    moduleCount: 1,
  },
  {
    id: 8,
    slug: 'teaching-ai-literacy-to-students',
    isPremium: true,
    isComingSoon: true,
    totalMinutes: 60,
    moduleCount: 1,
  },
  {
    id: 9,
    slug: 'ai-classroom-transformations',
    isPremium: true,
    isComingSoon: true,
    totalMinutes: null,
    moduleCount: null,
  },
  {
    id: 10,
    slug: 'real-teachers-real-classrooms',
    isPremium: true,
    isComingSoon: true,
    totalMinutes: 90,
    moduleCount: 6,
  },
];

export const courseSlugs = catalogue.map((entry) => entry.slug);

export function catalogueEntry(slug: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.slug === slug);
}

// ---------------------------------------------------------------------------------------------------
// Prompt Library

export const Prompt = z.strictObject({
  id: Slug,
  title: Text,
  description: Text,
  /** The prompt text, with [bracketed placeholders]. */
  prompt: Text,
  /** The id of the prompt's category. */
  category: Slug,
});
export type Prompt = z.infer<typeof Prompt>;

export const PromptCategory = z.strictObject({
  id: Slug,
  title: Text,
  description: Text,
  category: Slug,
  isPremium: z.boolean(),
  /** Position in the library, 1-based. */
  order: PositiveInt,
  prompts: z.array(Prompt).min(1),
});
export type PromptCategory = z.infer<typeof PromptCategory>;

/** The prompt categories of spec section 3, in library order. */
export const promptCatalogue = [
  { id: 'starter-templates', isPremium: false, promptCount: 5 },
  { id: 'admin-communication', isPremium: true, promptCount: 4 },
  { id: 'lesson-planning-activities', isPremium: true, promptCount: 3 },
  { id: 'gamified-learning', isPremium: true, promptCount: 3 },
  { id: 'scaffolding-student-use', isPremium: true, promptCount: 4 },
] as const;

// ---------------------------------------------------------------------------------------------------
// FAQ and legal pages

export const FaqItem = z.strictObject({
  question: Text,
  /** Markdown. */
  answer: Text,
});
export type FaqItem = z.infer<typeof FaqItem>;

export const FaqSection = z.strictObject({
  id: Slug,
  title: Text,
  items: z.array(FaqItem).min(1),
});
export type FaqSection = z.infer<typeof FaqSection>;

/** The six FAQ sections of spec section 3, in order. */
export const faqSectionCatalogue = [
  { id: 'general', title: 'General' },
  { id: 'payments-billing', title: 'Payments & Billing' },
  { id: 'account-access', title: 'Account & Access' },
  { id: 'courses-content', title: 'Courses & Content' },
  { id: 'technical-support', title: 'Technical Support' },
  { id: 'admin-group-licenses', title: 'Admin & Group Licenses' },
] as const;

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date like 2026-11-21' })
  .refine(
    (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(text).toISOString().startsWith(text),
    {
      message: 'Must be a real calendar date',
    },
  );

export const LegalPage = z.strictObject({
  title: Text,
  /** ISO date, YYYY-MM-DD. */
  lastUpdated: IsoDate,
  markdown: Text,
});
export type LegalPage = z.infer<typeof LegalPage>;

export const legalPageTitles = { terms: 'Terms of Service', privacy: 'Privacy Policy' } as const;
