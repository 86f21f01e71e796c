import type { SsoProvider, SsoProviderId } from '@pd/domain';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import type { SsoProviderConfig } from '../../sso-config.js';

/**
 * The configured OpenID Connect providers (issue 27 part 3, decision 100) and their clients through
 * `openid-client`: each provider's discovery document is read at its first use, then kept for this
 * app (a failed read is tried again at the next sign-in).
 */
export interface SsoProviders {
  /** What the buttons show: the configured providers only. */
  readonly listed: SsoProvider[];
  get(id: string): SsoProviderConfig | undefined;
  /** The provider's `openid-client` configuration (its discovery document and this app's client). */
  client(provider: SsoProviderConfig): Promise<oidc.Configuration>;
  /** Where the provider sends the teacher back (registered with the provider). */
  redirectUri(id: SsoProviderId): string;
}

/** Plain http is allowed only for a provider on this machine outside production (tests, `npm start`). */
function allowsHttp(config: Pick<Config, 'isProduction'>, issuer: string): boolean {
  const url = new URL(issuer);
  return (
    !config.isProduction &&
    url.protocol === 'http:' &&
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  );
}

export function ssoProviders(config: Pick<Config, 'sso' | 'publicUrl' | 'isProduction'>): SsoProviders {
  const discovered = new Map<SsoProviderId, Promise<oidc.Configuration>>();
  return {
    listed: config.sso.map(({ id, displayName }) => ({ id, displayName })),
    get: (id) => config.sso.find((provider) => provider.id === id),
    client(provider) {
      let found = discovered.get(provider.id);
      if (!found) {
        found = oidc.discovery(
          new URL(provider.issuer),
          provider.clientId,
          provider.clientSecret,
          undefined,
          allowsHttp(config, provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
        );
        discovered.set(provider.id, found);
        found.catch(() => discovered.delete(provider.id));
      }
      return found;
    },
    redirectUri: (id) => `${config.publicUrl}/api/auth/sso/${id}/callback`,
  };
}
