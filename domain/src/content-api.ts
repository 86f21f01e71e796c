import { z } from 'zod';
import { Course, FaqSection, LegalPage, Prompt, PromptCategory } from './content.js';

/**
 * Response contracts of the content and Prompt Library calls. The api builds its answers to
 * match them; the pwa validates what it receives with them.
 */

export { CatalogueResponse } from './first-load-contracts.js';

/**
 * GET /api/content/courses/:slug: the whole course, lessons, tips and quizzes with their answer
 * keys and explanations (only for users allowed to open it). A coming-soon course, which only a
 * superadmin opens, may have modules that are outlines.
 */
export const CourseContentResponse = z.strictObject({ course: Course });
export type CourseContentResponse = z.infer<typeof CourseContentResponse>;

const PromptHeading = Prompt.pick({ id: true, title: true, description: true, category: true });

/** A prompt as the library lists it: its text, or `prompt: null, locked: true` when premium-only. */
export const PromptView = z.discriminatedUnion('locked', [
  PromptHeading.extend({ locked: z.literal(false), prompt: Prompt.shape.prompt }),
  PromptHeading.extend({ locked: z.literal(true), prompt: z.null() }),
]);
export type PromptView = z.infer<typeof PromptView>;

export const PromptCategoryView = PromptCategory.omit({ prompts: true }).extend({
  prompts: z.array(PromptView),
});
export type PromptCategoryView = z.infer<typeof PromptCategoryView>;

/** GET /api/prompts: every category in library order, every prompt's heading; texts where allowed. */
export const PromptLibraryResponse = z.strictObject({ categories: z.array(PromptCategoryView) });
export type PromptLibraryResponse = z.infer<typeof PromptLibraryResponse>;

/** GET /api/content/faq: the six sections in order. */
export const FaqResponse = z.strictObject({ sections: z.array(FaqSection) });
export type FaqResponse = z.infer<typeof FaqResponse>;

export const legalPageNames = ['terms', 'privacy'] as const;
export const LegalPageName = z.enum(legalPageNames);
export type LegalPageName = z.infer<typeof LegalPageName>;

/** GET /api/content/legal/:page (terms or privacy). */
export const LegalPageResponse = LegalPage.extend({ page: LegalPageName });
export type LegalPageResponse = z.infer<typeof LegalPageResponse>;

// The zod-free texts live in content-messages.ts (the app's first screen needs them without zod).
export { contentErrorCodes, contentMessages, premiumRequiredMessage } from './content-messages.js';
