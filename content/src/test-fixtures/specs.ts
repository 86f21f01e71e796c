import type { ContentSpec } from '../loader.js';

/** The small catalogues the fixtures are checked against. */
export const validSpec: ContentSpec = {
  courses: [
    { id: 1, slug: 'open-course', isPremium: false, isComingSoon: false, totalMinutes: 15, moduleCount: 2 },
    { id: 2, slug: 'soon-course', isPremium: true, isComingSoon: true, totalMinutes: 60, moduleCount: 2 },
  ],
  promptCategories: [
    { id: 'free-things', isPremium: false, promptCount: 1 },
    { id: 'paid-things', isPremium: true, promptCount: 2 },
  ],
  faqSections: [
    { id: 'general', title: 'General' },
    { id: 'billing', title: 'Billing' },
  ],
};

export const brokenSpec: ContentSpec = {
  courses: [
    {
      id: 1,
      slug: 'catalogue-problems',
      title: 'Catalogue Title',
      isPremium: false,
      isComingSoon: false,
      totalMinutes: 10,
      moduleCount: 1,
    },
    {
      id: 2,
      slug: 'module-problems',
      isPremium: true,
      isComingSoon: false,
      totalMinutes: 40,
      moduleCount: 5,
      moduleSlugs: { 5: 'spec-slug' },
      shortChoiceQuestions: { moduleId: 4, count: 2 },
    },
    { id: 3, slug: 'flag-problems', isPremium: false, isComingSoon: false, totalMinutes: 5, moduleCount: 1 },
    {
      id: 4,
      slug: 'missing-course',
      isPremium: false,
      isComingSoon: false,
      totalMinutes: 10,
      moduleCount: 1,
    },
  ],
  promptCategories: [
    { id: 'free-things', isPremium: false, promptCount: 1 },
    { id: 'paid-things', isPremium: true, promptCount: 1 },
    { id: 'absent', isPremium: true, promptCount: 1 },
  ],
  faqSections: [
    { id: 'general', title: 'General' },
    { id: 'billing', title: 'Billing' },
  ],
};
