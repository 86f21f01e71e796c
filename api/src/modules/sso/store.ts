import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type SsoIdentityRow, ssoIdentities } from '../../db/schema.js';

/** The `sso_identities` table (decision 101): the only SQL of the sso module. */

export type NewSsoIdentity = Omit<SsoIdentityRow, 'id' | 'createdAt' | 'lastSignInAt'>;

export async function findIdentity(db: Db, issuer: string, subject: string): Promise<SsoIdentityRow | null> {
  const [row] = await db
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

/** Inserts the identity; false when (issuer, subject) is already someone's. */
export async function insertIdentity(db: Db, identity: NewSsoIdentity, now: Date): Promise<boolean> {
  const rows = await db
    .insert(ssoIdentities)
    .values({ ...identity, createdAt: now, lastSignInAt: now })
    .onConflictDoNothing({ target: [ssoIdentities.issuer, ssoIdentities.subject] })
    .returning({ id: ssoIdentities.id });
  return rows.length > 0;
}

/** What the provider said at this sign-in: the address, whether it vouched for it, `hd` and `tid`. */
export async function touchIdentity(
  db: Db,
  id: string,
  seen: Pick<SsoIdentityRow, 'email' | 'emailVerified' | 'hostedDomain' | 'tenantId'>,
  now: Date,
): Promise<void> {
  await db
    .update(ssoIdentities)
    .set({ ...seen, lastSignInAt: now })
    .where(eq(ssoIdentities.id, id));
}

export function identitiesOfUser(db: Db, userId: string): Promise<SsoIdentityRow[]> {
  return db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId));
}

/** Drops the user's identities whose provider did not vouch for the address (decision 118); how many. */
export async function deleteUnvouchedIdentities(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.emailVerified, false)))
    .returning({ id: ssoIdentities.id });
  return rows.length;
}
