import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { LegalDetails } from '@pd/content';
import type { PdProvider } from '@pd/domain';
import { operatorConfig, operatorEnv } from './operator-config.js';
import { providerConfig, providerEnv } from './provider-config.js';
import { defaultModuleMinTimeShare } from '@pd/domain';
import { ssoConfig, type SsoConfig, ssoEnv } from './sso-config.js';

/** The repository root: api/src/config.ts and api/dist/config.js are both two levels below it. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const LogLevel = z.enum(['debug', 'info', 'warn', 'error', 'silent']);
export type LogLevel = z.infer<typeof LogLevel>;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** argon2id's cost for a new password hash. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The argon2 library's own default (64 MiB, 3 passes, 4 lanes): every deployment's cost. */
export const standardPasswordHashCost: PasswordHashCost = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };
/**
 * NODE_ENV=test only: argon2id's lowest (1 MiB, 2 passes, 1 lane), as the test factories' hashes
 * already are. A real hash that verifies the same way; the tests sign up hundreds of accounts through
 * the api, and each standard hash took 120 ms on 4 threads of a 2-core machine.
 */
export const testPasswordHashCost: PasswordHashCost = { memoryCost: 1024, timeCost: 2, parallelism: 1 };

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // The operator's details in the legal pages (decision 104).
  ...operatorEnv,
  // The PD provider on certificates and transcripts (issue 28 part 3).
  ...providerEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().min(3).default('AI Classroom Academy <no-reply@localhost>'),
  ),
  /** The most e-mails one process sends per minute, evenly spaced (issue 27); 0: no limit. */
  MAIL_RATE_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 (no limit) or more')
      .max(100_000, 'must be at most 100000')
      .default(120),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, LogLevel.optional()),
  /**
   * How many reverse proxies in front of the api to trust: the client address is taken that many
   * hops from the right of X-Forwarded-For, so a made-up entry on the left is ignored. `true` is 1,
   * `false` is 0.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === 'true' ? '1' : v === 'false' ? '0' : emptyToUndefined(v)),
    z
      .string()
      .regex(
        /^\d{1,2}$/,
        'must be the number of proxies in front of the api (0-99), or true (1) or false (0)',
      )
      .default('0')
      .transform(Number),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_...)')
      .optional(),
  ),
  STRIPE_PRICE_QUARTERLY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_\S+$/, 'must be a Stripe price id (price_...)')
      .optional(),
  ),
  STRIPE_PRICE_ANNUAL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_\S+$/, 'must be a Stripe price id (price_...)')
      .optional(),
  ),
  STRIPE_API_BASE: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** Raw analytics events older than this are deleted; the hourly rollups are kept (issue 15). */
  ANALYTICS_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3650).default(395),
  ),
  /**
   * The demo admins' TOTP secret (decision 077), base32; without it, one made at the first start
   * and kept in DATA_DIR. Only the embedded demo database uses it.
   */
  DEMO_MFA_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Z2-7]{16,}$/, 'must be a base32 secret of at least 16 letters A-Z and digits 2-7')
      .optional(),
  ),
  /** Time on task (decision 075): the share of a module's stated minutes before it can be completed. */
  MODULE_MIN_TIME_SHARE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a number from 0 to 1, e.g. 0.3' })
      .min(0, 'must be a number from 0 to 1, e.g. 0.3')
      .max(1, 'must be a number from 0 to 1, e.g. 0.3')
      .default(defaultModuleMinTimeShare),
  ),
  MARKETING_JOIN_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  ...ssoEnv,
});

/** Stripe is used when STRIPE_SECRET_KEY is set; the other values then become required. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { quarterly: string; annual: string };
  /** Tests point the SDK at a local fake (STRIPE_API_BASE); unset: api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/**
 * stripe: real Stripe. demo: the built-in demo provider (no key, not production).
 * disabled: production without a key; payment calls answer 503.
 */
export type PaymentsMode = 'stripe' | 'demo' | 'disabled';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** The operator's details in the legal pages (OPERATOR_NAME... HOSTING_LOCATION; decision 104). */
  operator: LegalDetails;
  /** The PD provider on certificates and transcripts (PD_PROVIDER_NAME, PD_PROVIDER_IDS). */
  pdProvider: PdProvider;
  /** Origin and base of every link we send, without a trailing slash. */
  publicUrl: string;
  /**
   * Teachers reach the app over TLS: PUBLIC_URL is https, or (production) TLS ends at the trusted
   * proxy in front of it. Secure cookies with the __Host- prefix, HSTS.
   */
  isHttps: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MAIL_RATE_PER_MINUTE (0: no limit). */
  mailRatePerMinute: number;
  /** The cost of new password hashes: `standardPasswordHashCost` except under NODE_ENV=test. */
  passwordHashCost: PasswordHashCost;
  logLevel: LogLevel;
  /** Reverse proxies in front of the api (TRUST_PROXY): 0 reads no X-Forwarded-* header. */
  trustProxyHops: number;
  paymentsMode: PaymentsMode;
  stripe: StripeConfig | undefined;
  /** The newsletter's join page: an account active at sign-up that opted in goes there (spec section 4). */
  marketingJoinUrl: string | undefined;
  /** Days raw analytics events are kept (default 395, about 13 months); rollups are kept. */
  analyticsRetentionDays: number;
  /** MODULE_MIN_TIME_SHARE: 0 turns the time-on-task rule off (decision 075). */
  moduleMinTimeShare: number;
  /** DEMO_MFA_SECRET: the demo admins' TOTP secret, when set (demo/mfa-secret.ts). */
  demoMfaSecret: string | undefined;
  /** Google, Microsoft and district sign-in (issue 27): only the configured providers. */
  sso: SsoConfig;
  /** DEMO_OIDC_PORT: where `npm start` puts its demo OpenID provider (decision 119; 0: any free port). */
  demoOidcPort: number;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming the variable when a value is wrong. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)',
    );
  }
  // Issue 17: the session cookie never travels in clear in production (decision 073).
  // A loopback address (a production-like trial on one machine, docker compose) never leaves it.
  const behindTlsProxy = isProduction && e.TRUST_PROXY > 0;
  const loopback = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(publicUrl);
  if (isProduction && !publicUrl.startsWith('https://') && !behindTlsProxy && !loopback) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must start with https:// in production, so the session cookie ' +
        'never travels in clear. Set PUBLIC_URL to the https:// address teachers open or, when TLS ends ' +
        'at a reverse proxy in front of the api, set TRUST_PROXY to the number of proxies (the cookies ' +
        'are then Secure).',
    );
  }
  const stripe = stripeConfig(e);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    publicUrl,
    isHttps: publicUrl.startsWith('https://') || behindTlsProxy,
    operator: operatorConfig(e),
    pdProvider: providerConfig(e),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sessionSecret: e.SESSION_SECRET ?? devSessionSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    passwordHashCost: e.NODE_ENV === 'test' ? testPasswordHashCost : standardPasswordHashCost,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxyHops: e.TRUST_PROXY,
    paymentsMode: stripe ? 'stripe' : isProduction ? 'disabled' : 'demo',
    stripe,
    marketingJoinUrl: e.MARKETING_JOIN_URL,
    analyticsRetentionDays: e.ANALYTICS_RETENTION_DAYS,
    moduleMinTimeShare: e.MODULE_MIN_TIME_SHARE,
    demoMfaSecret: e.DEMO_MFA_SECRET,
    demoOidcPort: e.DEMO_OIDC_PORT,
    sso: ssoConfig(e, (line) => {
      throw new ConfigError(`Invalid configuration:\n${line}`);
    }),
  };
}

/** STRIPE_API_BASE as the SDK's host, port and protocol options. */
export function stripeApiTarget(base: string): NonNullable<StripeConfig['api']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

function stripeConfig(e: z.output<typeof EnvSchema>): StripeConfig | undefined {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  const missing = (
    [
      ['STRIPE_WEBHOOK_SECRET', e.STRIPE_WEBHOOK_SECRET],
      ['STRIPE_PRICE_QUARTERLY', e.STRIPE_PRICE_QUARTERLY],
      ['STRIPE_PRICE_ANNUAL', e.STRIPE_PRICE_ANNUAL],
    ] as const
  ).filter(([, value]) => !value);
  if (missing.length > 0) {
    const lines = missing.map(
      ([name]) => `  ${name}: required when STRIPE_SECRET_KEY is set (npm run stripe:setup prints it)`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const api = e.STRIPE_API_BASE ? stripeApiTarget(e.STRIPE_API_BASE) : undefined;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
    prices: { quarterly: e.STRIPE_PRICE_QUARTERLY as string, annual: e.STRIPE_PRICE_ANNUAL as string },
    api,
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function devSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** For entry points: parse or exit with the message. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
