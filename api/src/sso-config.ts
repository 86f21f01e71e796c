import type { SsoProviderId } from '@pd/domain';
import { z } from 'zod';

/**
 * The environment of Google, Microsoft and district sign-in (issue 27 part 3), parsed with the rest
 * of the configuration (config.ts spreads `ssoEnv` into its schema). A provider is configured when
 * its client id is set; its secret (and the generic one's issuer) are then required.
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());

export const ssoEnv = {
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  /** A tenant id or domain, or `organizations` (work and school accounts, the default) or `common`. */
  MICROSOFT_TENANT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,100}$/, 'must be a tenant id or domain, organizations or common')
      .default('organizations'),
  ),
  OIDC_ISSUER_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_DISPLAY_NAME: optionalText,
  /** In development: the port of the local demo provider (decision 119); 0 = any free port. */
  DEMO_OIDC_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a port number from 0 to 65535' })
      .int('must be a port number from 0 to 65535')
      .min(0, 'must be a port number from 0 to 65535')
      .max(65535, 'must be a port number from 0 to 65535')
      .default(4010),
  ),
};

type SsoEnv = z.output<z.ZodObject<typeof ssoEnv>>;

/** One configured provider: where its discovery document is, and this app's client there. */
export interface SsoProviderConfig {
  id: SsoProviderId;
  displayName: string;
  /** The issuer whose `/.well-known/openid-configuration` is read. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The configured providers, in the order the buttons show them; empty: no SSO button. */
export type SsoConfig = SsoProviderConfig[];

/** The providers the environment configures; `fail` stops with a line naming a missing variable. */
export function ssoConfig(e: SsoEnv, fail: (line: string) => never): SsoConfig {
  const pair = (id: string, secret: string | undefined, name: string): string =>
    secret ?? fail(`  ${name}: required when ${id} is set`);
  const providers: SsoConfig = [];
  if (e.GOOGLE_CLIENT_ID) {
    providers.push({
      id: 'google',
      displayName: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: pair('GOOGLE_CLIENT_ID', e.GOOGLE_CLIENT_SECRET, 'GOOGLE_CLIENT_SECRET'),
    });
  }
  if (e.MICROSOFT_CLIENT_ID) {
    providers.push({
      id: 'microsoft',
      displayName: 'Microsoft',
      issuer: `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0`,
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: pair('MICROSOFT_CLIENT_ID', e.MICROSOFT_CLIENT_SECRET, 'MICROSOFT_CLIENT_SECRET'),
    });
  }
  if (e.OIDC_CLIENT_ID || e.OIDC_ISSUER_URL) {
    if (!e.OIDC_ISSUER_URL) fail('  OIDC_ISSUER_URL: required when OIDC_CLIENT_ID is set');
    if (!e.OIDC_CLIENT_ID) fail('  OIDC_CLIENT_ID: required when OIDC_ISSUER_URL is set');
    providers.push({
      id: 'oidc',
      displayName: e.OIDC_DISPLAY_NAME ?? 'your district',
      issuer: e.OIDC_ISSUER_URL,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: pair('OIDC_CLIENT_ID', e.OIDC_CLIENT_SECRET, 'OIDC_CLIENT_SECRET'),
    });
  }
  return providers;
}
