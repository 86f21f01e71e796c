import type { SsoProviderId } from '@pd/domain';
import { expect } from 'vitest';
import type { LocalIdentity, LocalOidcProvider } from '../demo/oidc-provider.js';
import type { TestApp } from './app.js';
import type { TestClient } from './client.js';
import { uniqueEmail } from './factories.js';

/**
 * Google, Microsoft and district sign-in in the api's tests (issue 27 part 3): a browser at the real
 * OpenID provider started in the test (`startLocalOidcProvider`), and the whole round trip.
 */

/** The browser at the provider: its own cookies, redirects followed by hand. */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();
  async go(url: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(pair.slice(0, at), value);
      else this.cookies.delete(pair.slice(0, at));
    }
    return res;
  }
}

/** A new identity the provider's page offers (a fresh subject and address unless given). */
export function newIdentity(idp: LocalOidcProvider, overrides: Partial<LocalIdentity> = {}): LocalIdentity {
  const identity = {
    sub: `sub-${Math.random().toString(36).slice(2)}`,
    email: uniqueEmail('sso'),
    emailVerified: true,
    name: 'Robin District',
    ...overrides,
  };
  idp.identities.push(identity);
  return identity;
}

/**
 * Start at the api, then at the provider sign in as `sub` (or press Cancel when `sub` is null): the
 * address the provider sends the browser back to, on the app.
 */
export async function throughProvider(
  app: TestApp,
  idp: LocalOidcProvider,
  client: TestClient,
  sub: string | null,
  options: { returnTo?: string; provider?: SsoProviderId } = {},
): Promise<URL> {
  const query = options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : '';
  const start = await client.get(`/api/auth/sso/${options.provider ?? 'oidc'}/start${query}`);
  expect(start.status).toBe(302);
  const browser = new ProviderBrowser();
  let res = await browser.go(start.headers.get('location') ?? '');
  const interaction = new URL(res.headers.get('location') ?? '', idp.issuer);
  expect(interaction.pathname).toMatch(/^\/interaction\//);
  expect((await browser.go(interaction.href)).status).toBe(200);
  res = sub
    ? await browser.go(`${interaction.href}/login`, { sub })
    : await browser.go(`${interaction.href}/abort`, {});
  for (let hop = 0; hop < 5; hop++) {
    const next = new URL(res.headers.get('location') ?? '', idp.issuer);
    if (next.origin === new URL(app.url).origin) return next;
    res = await browser.go(next.href);
  }
  throw new Error('the provider never sent the browser back');
}

export const callbackPath = (url: URL) => `${url.pathname}${url.search}`;
