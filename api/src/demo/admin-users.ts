import type { Db } from '../db/client.js';
import { hashPassword } from '../modules/auth/crypto.js';
import { insertUser } from '../modules/auth/store.js';
import { demoPassword } from './seed.js';

/**
 * A few more accounts for the Super Admin Dashboard (issue 14): two sign-ups that have not verified
 * their e-mail yet ('Verify Email' has something to do) and a second license admin (a group can be
 * handed over before its purchaser is demoted). Same password as the other demo accounts.
 */
export const demoDashboardUsers = [
  { name: 'Uma Unverified', email: 'uma@demo.test', role: 'free', emailVerified: false },
  { name: 'Ben Okoro', email: 'ben@demo.test', role: 'free', emailVerified: false },
  {
    name: 'Lina License-Admin',
    email: 'license-admin-2@demo.test',
    role: 'license_admin',
    emailVerified: true,
  },
] as const;

export async function seedDemoDashboardUsers(db: Db, now: Date): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  for (const [i, user] of demoDashboardUsers.entries()) {
    // Joined a few days apart, so the list's sort by join date shows.
    await insertUser(db, { ...user, passwordHash }, new Date(now.getTime() - (i + 1) * 86_400_000));
  }
}
