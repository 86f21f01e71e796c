import { endpoint } from './endpoint-core.js';
import { LoginResponse } from './mfa.js';
import { SsoLinkCodeResponse, SsoLinkRequest, SsoPendingLinkResponse, SsoProvidersResponse } from './sso.js';

/**
 * Sign-in with Google, Microsoft or a district's OpenID Connect service (issue 27 part 3): its own
 * group of the endpoint table (endpoints.ts spreads it in). `start` and `callback` are browser
 * navigations answered with a redirect (no JSON); `:provider` is one of `ssoProviderIds`.
 */
export const ssoEndpoints = {
  ssoProviders: endpoint({ method: 'GET', path: '/api/auth/sso', response: SsoProvidersResponse }),
  /** Query: returnTo (a page of this app). A 302 to the provider. */
  ssoStart: endpoint({ method: 'GET', path: '/api/auth/sso/:provider/start' }),
  /** The provider's redirect back: a 302 to the page, signed in (or to the link or code step). */
  ssoCallback: endpoint({ method: 'GET', path: '/api/auth/sso/:provider/callback' }),
  ssoPendingLink: endpoint({ method: 'GET', path: '/api/auth/sso/link', response: SsoPendingLinkResponse }),
  /**
   * The existing account's password, or the code e-mailed to it (`ssoLinkCode`): the identity is
   * linked and the teacher signed in (or the two-step code next).
   */
  ssoLink: endpoint({
    method: 'POST',
    path: '/api/auth/sso/link',
    request: SsoLinkRequest,
    response: LoginResponse,
  }),
  /** No body: e-mails a code to the pending link's account (decision 112). 429 sooner than 60 s. */
  ssoLinkCode: endpoint({ method: 'POST', path: '/api/auth/sso/link/code', response: SsoLinkCodeResponse }),
} as const;
