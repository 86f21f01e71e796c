import { eq } from 'drizzle-orm';
import type { LicenseGroupStatus } from '@pd/domain';
import type { Db } from '../../db/client.js';
import { licenseGroups, licenseMemberships } from '../../db/schema.js';

/**
 * What premium access is read from, beside the user's own row: the licence seat they hold. Read
 * only; the licences module writes seats.
 */

export interface SeatRow {
  groupId: string;
  groupName: string;
  groupStatus: LicenseGroupStatus;
  /** The group's term (issue 28): `YYYY-MM-DD` or null. */
  startsOn: string | null;
  endsOn: string | null;
}

/** The seat the user holds, with its group's name, status and term; null when none. */
export async function seatOf(db: Db, userId: string): Promise<SeatRow | null> {
  const [row] = await db
    .select({
      groupId: licenseGroups.id,
      groupName: licenseGroups.name,
      groupStatus: licenseGroups.status,
      startsOn: licenseGroups.startsOn,
      endsOn: licenseGroups.endsOn,
    })
    .from(licenseMemberships)
    .innerJoin(licenseGroups, eq(licenseGroups.id, licenseMemberships.licenseGroupId))
    .where(eq(licenseMemberships.userId, userId));
  return row ?? null;
}
