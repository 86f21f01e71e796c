import { mfaRules } from '@pd/domain';
import { generate } from 'otplib';
import { loadConfigOrExit } from '../config.js';
import { demoMfaSecret } from '../demo/mfa-secret.js';
import { demoAccounts } from '../demo/seed.js';

/**
 * `npm run demo:code`: the current two-step sign-in code of the demo admin accounts (decision 077),
 * for a newcomer without an authenticator app at hand. The demo database only.
 */
const config = loadConfigOrExit();
if (config.isProduction) {
  process.stderr.write('demo:code is for the demo database, never production.\n');
  process.exit(1);
}
const secret = demoMfaSecret(config);
const now = Date.now();
const code = await generate({ secret, epoch: Math.floor(now / 1000) });
const left = mfaRules.periodSeconds - (Math.floor(now / 1000) % mfaRules.periodSeconds);
const admins = demoAccounts.filter((a) => a.role === 'superadmin' || a.role === 'license_admin');
process.stdout.write(
  `${code}  (two-step sign-in code of ${admins.map((a) => a.email).join(' and ')}; good for ${left} s more, then run this again)\n`,
);
