// Zod-free on purpose: the pwa's first screen imports these without pulling in the schemas (content-api.ts).

/** Messages of the content calls (spec sections 2, 4 and 8), written once. */
export const contentMessages = {
  courseNotFound: 'Course not found',
  comingSoon: 'This course is currently in development',
  pageNotFound: 'Page not found',
} as const;

/** The premium gate's sentence, also the 403 message of a premium course (spec section 2). */
export function premiumRequiredMessage(courseTitle: string): string {
  return `"${courseTitle}" is available to premium subscribers only.`;
}

/** Codes of a refused course, for the client to choose the premium wall or the coming-soon screen. */
export const contentErrorCodes = {
  premiumRequired: 'PREMIUM_REQUIRED',
  comingSoon: 'COMING_SOON',
} as const;
