import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { newTotpSecret } from '../modules/auth/totp.js';

/**
 * The demo admins' TOTP secret (decision 077): DEMO_MFA_SECRET, or one made at the first start and
 * kept in DATA_DIR beside the dev session secret, so `npm run demo:code` can show the current code.
 */
export function demoMfaSecret(config: Pick<Config, 'demoMfaSecret' | 'dataDir'>): string {
  if (config.demoMfaSecret) return config.demoMfaSecret;
  const file = path.join(config.dataDir, 'demo-mfa-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = newTotpSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
