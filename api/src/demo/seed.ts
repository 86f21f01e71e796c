import { mfaRequiredFor, type Role } from '@pd/domain';
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import { hashPassword } from '../modules/auth/crypto.js';
import { countUsers, insertUser, saveMfa } from '../modules/auth/store.js';
import { encryptSecret, newRecoveryCodes, otpauthUri, recoveryCodeHash } from '../modules/auth/totp.js';

export const demoPassword = 'demo-password';
export const demoAccounts: { role: Role; name: string; email: string }[] = [
  { role: 'free', name: 'Frida Free', email: 'free@demo.test' },
  { role: 'premium', name: 'Priya Premium', email: 'premium@demo.test' },
  { role: 'license_admin', name: 'Lars License-Admin', email: 'license-admin@demo.test' },
  { role: 'superadmin', name: 'Sam Superadmin', email: 'superadmin@demo.test' },
];

/** The demo accounts that must use two-step sign-in. */
export const demoAdminEmails = demoAccounts.filter((a) => mfaRequiredFor(a.role)).map((a) => a.email);

/** The demo admins' two-step sign-in (decision 077): their TOTP secret and the key to seal it with. */
export interface DemoMfa {
  secret: string;
  sessionSecret: string;
}

/**
 * On the first start of an empty embedded database: one verified account per role. The admin ones
 * have two-step sign-in set up with `mfa.secret`, printed with its otpauth URI for an authenticator
 * app (or `npm run demo:code` shows the current code).
 */
export async function seedDemoAccounts(db: Db, logger: Logger, now: Date, mfa: DemoMfa): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const passwordHash = await hashPassword(demoPassword);
  const sealed = encryptSecret(mfa.secret, mfa.sessionSecret);
  for (const account of demoAccounts) {
    const user = await insertUser(db, { ...account, passwordHash, emailVerified: true }, now);
    if (user && mfaRequiredFor(account.role)) {
      await saveMfa(db, user.id, sealed, null, newRecoveryCodes().map(recoveryCodeHash), now);
    }
  }
  const lines = demoAccounts
    .map((a) => `  ${a.role.padEnd(14)} ${a.email}${mfaRequiredFor(a.role) ? '  (two-step sign-in)' : ''}`)
    .join('\n');
  logger.info(
    `demo accounts created (password for all: ${demoPassword}):\n${lines}\n` +
      `The admin accounts ask for a code after the password. Add this key to an authenticator app\n` +
      `(Google Authenticator, Microsoft Authenticator, 1Password...): ${mfa.secret}\n` +
      `  ${otpauthUri(mfa.secret, 'demo admins')}\n` +
      `or run \`npm run demo:code\` in another terminal for the current code.`,
  );
  return true;
}
