import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { LocalOidcProvider } from './oidc-provider.js';

/**
 * `npm start` in development (decision 102): without OIDC_* in the environment, a local OpenID
 * provider on DEMO_OIDC_PORT (4010; a free port if taken) is the generic provider "Demo district sign-in", with two demo identities,
 * so a newcomer can try the button. Null when the dev dependency is not installed.
 */
export async function startDemoSso(
  config: Config,
  logger: Logger,
): Promise<{ config: Config; close: () => Promise<void> } | null> {
  if (config.nodeEnv !== 'development' || config.sso.some((provider) => provider.id === 'oidc')) return null;
  let local: LocalOidcProvider;
  try {
    const { startLocalOidcProvider } = await import('./oidc-provider.js');
    const hostname = new URL(config.publicUrl).hostname;
    const host = ['localhost', '127.0.0.1'].includes(hostname) ? hostname : '127.0.0.1';
    // A fixed port keeps the issuer, so a demo identity stays the same account across restarts.
    local = await startLocalOidcProvider({ host, port: config.demoOidcPort, fallbackToFreePort: true });
  } catch (error) {
    logger.info('demo district sign-in not started (the oidc-provider dev dependency is missing)', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
  await local.registerClient([`${config.publicUrl}/api/auth/sso/oidc/callback`]);
  logger.info(`demo district sign-in: ${local.issuer} (${local.identities.map((i) => i.email).join(', ')})`);
  if (config.demoOidcPort !== 0 && !local.issuer.endsWith(`:${config.demoOidcPort}`)) {
    logger.warn(
      `demo district sign-in: port ${config.demoOidcPort} is taken, so its identities are new accounts this time (DEMO_OIDC_PORT)`,
    );
  }
  return {
    config: {
      ...config,
      sso: [
        ...config.sso,
        {
          id: 'oidc',
          displayName: 'Demo district sign-in',
          issuer: local.issuer,
          clientId: local.clientId,
          clientSecret: local.clientSecret,
        },
      ],
    },
    close: local.close,
  };
}
