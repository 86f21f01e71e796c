import type { Role } from '@pd/domain';
import type { Db } from '../db/client.js';
import type { Logger } from '../logger.js';
import { hashPassword } from '../modules/auth/crypto.js';
import { countUsers, insertUser } from '../modules/auth/store.js';

export const demoPassword = 'demo-password';
export const demoAccounts: { role: Role; name: string; email: string }[] = [
  { role: 'free', name: 'Frida Free', email: 'free@demo.test' },
  { role: 'premium', name: 'Priya Premium', email: 'premium@demo.test' },
  { role: 'license_admin', name: 'Lars License-Admin', email: 'license-admin@demo.test' },
  { role: 'superadmin', name: 'Sam Superadmin', email: 'superadmin@demo.test' },
];

/** On the first start of an empty embedded database: one verified account per role. */
export async function seedDemoAccounts(db: Db, logger: Logger, now: Date): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const passwordHash = await hashPassword(demoPassword);
  for (const account of demoAccounts) {
    await insertUser(db, { ...account, passwordHash, emailVerified: true }, now);
  }
  const lines = demoAccounts.map((a) => `  ${a.role.padEnd(14)} ${a.email}`).join('\n');
  logger.info(`demo accounts created (password for all: ${demoPassword}):\n${lines}`);
  return true;
}
