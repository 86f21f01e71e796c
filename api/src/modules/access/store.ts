import { eq } from 'drizzle-orm';
import type { LicenceMembership } from '@pd/domain';
import type { Db } from '../../db/client.js';
import { licenseGroups, licenseMemberships } from '../../db/schema.js';

/**
 * What premium access is read from, beside the user's own row: the licence seat they hold. Read
 * only; the licences module writes seats.
 */

/** The seat the user holds, with its group's name and status; null when none. */
export async function membershipOf(db: Db, userId: string): Promise<LicenceMembership | null> {
  const [row] = await db
    .select({ groupId: licenseGroups.id, groupName: licenseGroups.name, groupStatus: licenseGroups.status })
    .from(licenseMemberships)
    .innerJoin(licenseGroups, eq(licenseGroups.id, licenseMemberships.licenseGroupId))
    .where(eq(licenseMemberships.userId, userId));
  return row ?? null;
}
