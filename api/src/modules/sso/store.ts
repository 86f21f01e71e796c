import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type SsoIdentityRow, type SsoLinkCodeRow, ssoIdentities, ssoLinkCodes } from '../../db/schema.js';

/** The `sso_identities` (decision 101) and `sso_link_codes` (decision 112) tables: the sso module's SQL. */

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

export async function findLinkCode(db: Db, linkId: string): Promise<SsoLinkCodeRow | null> {
  const [row] = await db.select().from(ssoLinkCodes).where(eq(ssoLinkCodes.linkId, linkId)).limit(1);
  return row ?? null;
}

/**
 * The pending link's code, new (its tries from zero) or replacing the one before; codes that ended
 * go at the same time.
 */
export async function saveLinkCode(db: Db, row: Omit<SsoLinkCodeRow, 'tries'>, now: Date): Promise<void> {
  await db.delete(ssoLinkCodes).where(lt(ssoLinkCodes.expiresAt, now));
  await db
    .insert(ssoLinkCodes)
    .values({ ...row, tries: 0 })
    .onConflictDoUpdate({
      target: ssoLinkCodes.linkId,
      set: {
        userId: row.userId,
        codeHash: row.codeHash,
        tries: 0,
        sentAt: row.sentAt,
        expiresAt: row.expiresAt,
      },
    });
}

/**
 * Takes one try of the pending link's code in one atomic update: the row after it (its `tries` the
 * number of this try), or null when every try is taken or the code ended. Parallel requests get
 * distinct numbers, so no more than `max` codes are ever checked.
 */
export async function takeLinkCodeTry(
  db: Db,
  linkId: string,
  max: number,
  now: Date,
): Promise<SsoLinkCodeRow | null> {
  const [row] = await db
    .update(ssoLinkCodes)
    .set({ tries: sql`${ssoLinkCodes.tries} + 1` })
    .where(and(eq(ssoLinkCodes.linkId, linkId), lt(ssoLinkCodes.tries, max), gt(ssoLinkCodes.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function deleteLinkCode(db: Db, linkId: string): Promise<void> {
  await db.delete(ssoLinkCodes).where(eq(ssoLinkCodes.linkId, linkId));
}
