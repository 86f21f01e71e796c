/**
 * The spec's catalogue tables (product-spec.md section 3): the courses with their order, access,
 * minutes and module counts, the prompt categories and the FAQ sections. Content data, beside the
 * course files they describe; the loader checks the files against them (domain/ holds only the
 * schemas and rules).
 */

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
    totalMinutes: 78,
    moduleCount: 6,
    shortChoiceQuestions: { moduleId: 6, count: 2 },
  },
  {
    id: 2,
    slug: 'ai-tools-beyond-chatgpt',
    isPremium: false,
    isComingSoon: false,
    totalMinutes: 40,
    moduleCount: 3,
  },
  {
    id: 3,
    slug: 'prompt-engineering',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 96,
    moduleCount: 7,
    moduleSlugs: { 5: 'teacher-specific-prompts' },
  },
  {
    id: 4,
    slug: 'ai-readiness-workshop-part-1',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 75,
    moduleCount: 6,
  },
  {
    id: 5,
    slug: 'ai-readiness-workshop-part-2',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 82,
    moduleCount: 7,
  },
  {
    id: 6,
    slug: 'ai-governance-policy-setting',
    title: 'Governing AI in Schools',
    isPremium: true,
    isComingSoon: false,
    totalMinutes: 81,
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
    totalMinutes: 92,
    moduleCount: 6,
  },
];

export const courseSlugs = catalogue.map((entry) => entry.slug);

export function catalogueEntry(slug: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.slug === slug);
}

/** The prompt categories of spec section 3, in library order. */
export const promptCatalogue = [
  { id: 'starter-templates', isPremium: false, promptCount: 5 },
  { id: 'admin-communication', isPremium: true, promptCount: 4 },
  { id: 'lesson-planning-activities', isPremium: true, promptCount: 6 },
  { id: 'gamified-learning', isPremium: true, promptCount: 3 },
  { id: 'scaffolding-student-use', isPremium: true, promptCount: 4 },
] as const;

/** The six FAQ sections of spec section 3, in order. */
export const faqSectionCatalogue = [
  { id: 'general', title: 'General' },
  { id: 'payments-billing', title: 'Payments & Billing' },
  { id: 'account-access', title: 'Account & Access' },
  { id: 'courses-content', title: 'Courses & Content' },
  { id: 'technical-support', title: 'Technical Support' },
  { id: 'admin-group-licenses', title: 'Admin & Group Licenses' },
] as const;
