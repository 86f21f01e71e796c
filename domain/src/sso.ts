import { z } from 'zod';

/**
 * Sign-in with Google, Microsoft or a district's own OpenID Connect service (issue 27 part 3,
 * decisions 100-102). The api offers only the providers it is configured for (`GET /api/auth/sso`).
 */
export const ssoProviderIds = ['google', 'microsoft', 'oidc'] as const;
export type SsoProviderId = (typeof ssoProviderIds)[number];

export function isSsoProviderId(value: unknown): value is SsoProviderId {
  return typeof value === 'string' && (ssoProviderIds as readonly string[]).includes(value);
}

export const SsoProvider = z.object({ id: z.enum(ssoProviderIds), displayName: z.string() });
export type SsoProvider = z.infer<typeof SsoProvider>;

/** GET /api/auth/sso: the configured providers, in the order the buttons show them. */
export const SsoProvidersResponse = z.object({ providers: z.array(SsoProvider) });
export type SsoProvidersResponse = z.infer<typeof SsoProvidersResponse>;

/** GET /api/auth/sso/link: the sign-in waiting for the existing account's password. */
export const SsoPendingLinkResponse = z.object({ email: z.string(), providerName: z.string() });
export type SsoPendingLinkResponse = z.infer<typeof SsoPendingLinkResponse>;

/**
 * The code e-mailed to the existing account's address, the other proof that the address is the
 * teacher's (decision 112): 6 digits, good for 15 minutes and 5 tries; a new one no sooner than 60 s.
 */
export const ssoLinkCodeRules = {
  digits: 6,
  lifetimeMinutes: 15,
  maxTries: 5,
  resendAfterSeconds: 60,
} as const;

const linkPasswordMessage = 'Enter the password of this account.';
const linkCodeMessage = 'Enter the 6-digit code from the e-mail.';

/**
 * POST /api/auth/sso/link: the existing account's password, or the code e-mailed to its address,
 * proves the address is the teacher's (one of the two).
 */
export const SsoLinkRequest = z
  .object({
    password: z.string({ message: linkPasswordMessage }).min(1, linkPasswordMessage).max(1000).optional(),
    code: z
      .string({ message: linkCodeMessage })
      .trim()
      .regex(/^\d{6}$/, linkCodeMessage)
      .optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: linkPasswordMessage,
    path: ['password'],
  });
export type SsoLinkRequest = z.input<typeof SsoLinkRequest>;

/** POST /api/auth/sso/link/code: the code was queued to the account's address. */
export const SsoLinkCodeResponse = z.object({
  message: z.string(),
  /** When the next code may be asked for. */
  resendAfterSeconds: z.number(),
});
export type SsoLinkCodeResponse = z.infer<typeof SsoLinkCodeResponse>;

/** The sentences of the e-mailed code (each refusal says what to do next). */
export const ssoLinkCodeMessages = {
  sent: (email: string) =>
    `We sent a 6-digit code to ${email}. It works for ${ssoLinkCodeRules.lifetimeMinutes} minutes.`,
  wrong: (triesLeft: number) =>
    `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  expired: 'This code has expired. Ask for a new code.',
  exhausted: 'Too many wrong codes: this code no longer works. Ask for a new code.',
  noneSent: 'No code was sent for this sign-in. Ask for a code first.',
  tooSoon: (seconds: number) =>
    `A code was sent less than a minute ago. You can ask for a new code in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

export const ssoMessages = {
  notConfigured: 'This sign-in option is not available.',
  flowExpired: 'This sign-in has expired or was already finished. Start again from the sign-in page.',
  providerRefused: 'The sign-in service did not sign you in. Start again from the sign-in page.',
  noEmail: 'The sign-in service did not share an e-mail address, which an account needs.',
  noPendingLink: 'There is no sign-in waiting to be linked. Start again from the sign-in page.',
  passwordWrong: 'That password is not right.',
  linked: 'Your account is now linked: next time, one click signs you in.',
  unavailable: 'The sign-in service cannot be reached right now. Try again in a minute.',
  cancelled:
    'The sign-in was cancelled at the sign-in service. Nothing changed: start again when you are ready.',
} as const;

/**
 * Why an SSO sign-in did not finish, as the page a browser lands on names it
 * (`/sign-in/sso?error=<reason>`, decision 119): each with its sentence above.
 */
export const ssoErrorReasons = {
  expired: ssoMessages.flowExpired,
  refused: ssoMessages.providerRefused,
  cancelled: ssoMessages.cancelled,
  no_email: ssoMessages.noEmail,
  unavailable: ssoMessages.unavailable,
  not_configured: ssoMessages.notConfigured,
} as const;
export type SsoErrorReason = keyof typeof ssoErrorReasons;

export function isSsoErrorReason(value: unknown): value is SsoErrorReason {
  return typeof value === 'string' && Object.hasOwn(ssoErrorReasons, value);
}

/**
 * The page a browser's unfinished sign-in lands on: `paths.ssoSignIn`'s page with `error` (and the
 * page it started from as `next`) instead of a step.
 */
export function ssoErrorPath(reason: SsoErrorReason, next?: string): string {
  const query = new URLSearchParams({ error: reason });
  if (next) query.set('next', next);
  return `/sign-in/sso?${query}`;
}

/** The reason of an api refusal by its sentence (the sso module's messages above); else `refused`. */
export function ssoErrorReasonOf(message: string): SsoErrorReason {
  const found = Object.entries(ssoErrorReasons).find(([, sentence]) => sentence === message);
  return found && isSsoErrorReason(found[0]) ? found[0] : 'refused';
}

/** Google's button text, Microsoft's, or the district's own name for its service. */
export const ssoButtonLabel = (provider: Pick<SsoProvider, 'displayName'>): string =>
  `Continue with ${provider.displayName}`;

/**
 * What an SSO identity says about where the teacher belongs: Google's `hd` (the Workspace domain)
 * and Microsoft's `tid` (the organisation's tenant), as kept on the identity, and its e-mail.
 */
export interface SsoIdentityScope {
  email: string;
  emailVerified: boolean;
  /** Google Workspace's hosted domain (`hd`), when the account belongs to one. */
  hostedDomain: string | null;
  /** Microsoft's tenant id (`tid`). */
  tenantId: string | null;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Whether an SSO identity belongs to one of a join link's allowed e-mail domains (issue 27 part 2):
 * a Google Workspace account by its `hd` (the organisation owns the domain); any other identity by
 * its e-mail's domain, only when the provider vouched for the address. `allowedTenants`: Microsoft
 * tenant ids a link may also accept (a district's own tenant, whatever its mail domains).
 */
export function ssoIdentityInDomains(
  identity: SsoIdentityScope,
  allowedDomains: readonly string[],
  allowedTenants: readonly string[] = [],
): boolean {
  const domains = allowedDomains.map((d) => d.trim().toLowerCase());
  if (identity.hostedDomain && domains.includes(identity.hostedDomain.toLowerCase())) return true;
  if (identity.tenantId && allowedTenants.includes(identity.tenantId)) return true;
  return identity.emailVerified && domains.includes(domainOf(identity.email));
}
