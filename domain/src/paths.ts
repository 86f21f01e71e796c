// Zod-free on purpose: the router, every link and the api's e-mails import it.
/**
 * Every page of the app (product-spec.md section 2), written once: the pwa's router takes the route
 * patterns, links use the builders, the api builds its e-mail links and redirects with them, and the
 * content check accepts a lesson link only to one of these pages.
 */

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/*
 * The module page, written once (decision 084): its route, its patterns and its builder side by side.
 * Whoever reads a module page's path (the pwa's layout and first load, the api's preloads, the service
 * worker, the page to return to after sign-in) parses it with `parseModulePath`, so one grammar
 * decides what a module page is; paths.test.ts proves the builder and the patterns agree.
 */

/** The module page's route (react-router's form): the router matches it, `modulePathPattern` is its grammar. */
const moduleRoute = ':courseSlug/module/:moduleId';

/**
 * A module id in a page's path: 1 to 9999, in digits, without a sign or a leading zero (the api's
 * progress calls take the same ids). Any other segment is not a module (the page says not found).
 */
const moduleIdSource = String.raw`[1-9]\d{0,3}`;
export const moduleIdPattern = new RegExp(`^${moduleIdSource}$`);

/**
 * A module page's path as `paths.module` writes it (a trailing slash is let through, as the router
 * does): group 1 the course slug, percent-encoded; group 2 the module id (`moduleIdPattern`).
 */
export const modulePathPattern = new RegExp(`^/([^/]+)/module/(${moduleIdSource})/?$`);

/** The builder for `modulePathPattern`: `paths.module`. */
const modulePath = (courseSlug: string, moduleId: number) =>
  `/${encodeURIComponent(courseSlug)}/module/${moduleId}`;

/** The pages' route patterns, `:name` for a parameter (react-router's form, relative to the root). */
export const routePatterns = {
  home: '',
  signup: 'signup',
  verifySent: 'verify-sent',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  devMailbox: 'dev/mailbox',
  prompts: 'prompts',
  templates: 'templates',
  template: 'templates/:slug',
  faq: 'faq',
  terms: 'terms',
  privacy: 'privacy',
  paymentSuccess: 'payment-success',
  licenseAdmin: 'license-admin',
  /** The signed-in user's account: two-step sign-in (decision 077). */
  account: 'account',
  admin: 'admin',
  analyticsTest: 'analytics-test',
  /** The analytics dashboard (issue 15); the admin dashboard links it as its Analytics tab. */
  adminAnalytics: 'admin/analytics',
  /** Spec section 2: an empty path or /undefined goes home. */
  undefinedPath: 'undefined',
  certificateVerify: 'certificates/verify/:id',
  /** The teacher's PD transcript and its public page (issue 28 part 3). */
  transcript: 'account/transcript',
  transcriptVerify: 'transcripts/verify/:id',
  /** A join link (issue 27). */
  join: 'join/:code',
  /** After Google, Microsoft or district sign-in (issue 27): the password to link, or the code. */
  ssoSignIn: 'sign-in/sso',
  module: moduleRoute,
  course: ':courseSlug',
} as const;

/** Link builders: one per page. */
export const paths = {
  /**
   * `verified`: the account was just verified (the e-mail link's redirect; the page says so).
   * `next`: the page the teacher asked for before signing up (a `returnPath`); signing in goes there.
   */
  home: (query: { verified?: boolean; next?: string } = {}) =>
    withQuery('/', { verified: query.verified ? '1' : undefined, next: query.next }),
  course: (courseSlug: string) => `/${encodeURIComponent(courseSlug)}`,
  module: modulePath,
  prompts: () => '/prompts',
  templates: () => '/templates',
  template: (slug: string) => `/templates/${encodeURIComponent(slug)}`,
  faq: () => '/faq',
  signup: (invite?: string) => withQuery('/signup', { invite }),
  /** `linkError`: the verification link was invalid or expired (the e-mail link's redirect). */
  verifySent: (email?: string, linkError?: 'invalid', next?: string) =>
    withQuery('/verify-sent', { email, error: linkError, next }),
  forgotPassword: () => '/forgot-password',
  resetPassword: (token?: string) => withQuery('/reset-password', { token }),
  paymentSuccess: (query: { sessionId?: string; planType?: string } = {}) =>
    withQuery('/payment-success', { session_id: query.sessionId, plan_type: query.planType }),
  terms: () => '/terms',
  privacy: () => '/privacy',
  /** `group`: that group's page (a licence admin's other group; any group for the super admin, issue 28). */
  licenseAdmin: (group?: string) => withQuery('/license-admin', { group }),
  account: () => '/account',
  admin: () => '/admin',
  analyticsTest: () => '/analytics-test',
  adminAnalytics: () => '/admin/analytics',
  devMailbox: () => '/dev/mailbox',
  certificateVerify: (id: string) => `/certificates/verify/${encodeURIComponent(id)}`,
  transcript: () => '/account/transcript',
  transcriptVerify: (id: string) => `/transcripts/verify/${encodeURIComponent(id)}`,
  join: (code: string) => `/join/${encodeURIComponent(code)}`,
  /** `step`: what the sign-in needs next; `next`: the page to go to once signed in (a `returnPath`). */
  ssoSignIn: (step: 'link' | 'verify' | 'enrol', next?: string) => withQuery('/sign-in/sso', { step, next }),
} as const;

/**
 * The static pages a lesson may link to (the content check adds every course and module). Pages
 * reached only from a mail or a payment (reset-password, verify-sent, payment-success) are left out.
 */
export const linkablePages: readonly string[] = [
  paths.home(),
  paths.prompts(),
  paths.faq(),
  paths.terms(),
  paths.privacy(),
  paths.signup(),
  paths.forgotPassword(),
];

/** The first path segments that are pages of their own (or the api's), not course slugs. */
function isReservedSegment(segment: string): boolean {
  if (segment === 'api') return true;
  return Object.values(routePatterns).some((pattern) => pattern.split('/')[0] === segment);
}

/**
 * `value` when it is a page of this app a teacher can be sent back to after signing in, signing up
 * or verifying their e-mail (issue 16): a course, a module, a template or a page behind the sign-in, as a
 * same-origin path (no scheme, host, query or fragment); otherwise undefined. The api checks the
 * `next` of a verification link with it and the pwa the page it keeps through the sign-in.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 200) return undefined;
  const returnPages = [
    paths.prompts(),
    paths.templates(),
    paths.faq(),
    paths.licenseAdmin(),
    paths.admin(),
    paths.account(),
  ];
  if (returnPages.includes(value)) return value;
  // A join link (issue 27): back to it after signing up, verifying or signing in.
  if (/^\/join\/[A-Za-z0-9-]{1,64}$/.test(value)) return value;
  const template = /^\/templates\/[a-z0-9-]+$/.exec(value);
  if (template) return value;
  // A course, or a module of one as `paths.module` writes it (no trailing slash, nothing encoded).
  const module = parseModulePath(value);
  const slug =
    module && value === paths.module(module.courseSlug, module.moduleId)
      ? module.courseSlug
      : /^\/([^/]*)$/.exec(value)?.[1];
  if (slug && /^[a-z0-9-]+$/.test(slug) && !isReservedSegment(slug)) return value;
  return undefined;
}

/** True when `pathname` is a module page (`parseModulePath` reads it). */
export function isModulePath(pathname: string): boolean {
  return parseModulePath(pathname) !== null;
}

/**
 * The course and module of a module page's path (`modulePathPattern`, as `paths.module` writes it),
 * or null for any other path, or when the slug's percent-encoding is broken. The service worker reads
 * it from a navigation's URL (decision 070), the api's preloads from the page asked for.
 */
export function parseModulePath(pathname: string): { courseSlug: string; moduleId: number } | null {
  const match = modulePathPattern.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  let courseSlug: string;
  try {
    courseSlug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { courseSlug, moduleId: Number(match[2]) };
}
