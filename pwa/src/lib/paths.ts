/** Every route of the app (spec section 2). Links are built here, never by hand. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const paths = {
  home: () => '/',
  course: (courseSlug: string) => `/${encodeURIComponent(courseSlug)}`,
  module: (courseSlug: string, moduleId: number) => `/${encodeURIComponent(courseSlug)}/module/${moduleId}`,
  prompts: () => '/prompts',
  faq: () => '/faq',
  signup: (invite?: string) => withQuery('/signup', { invite }),
  verifySent: (email?: string) => withQuery('/verify-sent', { email }),
  forgotPassword: () => '/forgot-password',
  resetPassword: (token?: string) => withQuery('/reset-password', { token }),
  paymentSuccess: (query: { sessionId?: string; planType?: string } = {}) =>
    withQuery('/payment-success', { session_id: query.sessionId, plan_type: query.planType }),
  terms: () => '/terms',
  privacy: () => '/privacy',
  licenseAdmin: () => '/license-admin',
  admin: () => '/admin',
  analyticsTest: () => '/analytics-test',
  devMailbox: () => '/dev/mailbox',
  certificateVerify: (id: string) => `/certificates/verify/${encodeURIComponent(id)}`,
} as const;

/** Route patterns for the router (relative to the root layout). */
export const routePatterns = {
  signup: 'signup',
  verifySent: 'verify-sent',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  devMailbox: 'dev/mailbox',
  prompts: 'prompts',
  faq: 'faq',
  terms: 'terms',
  privacy: 'privacy',
  undefinedPath: 'undefined',
  course: ':courseSlug',
  certificateVerify: 'certificates/verify/:id',
  paymentSuccess: 'payment-success',
} as const;
