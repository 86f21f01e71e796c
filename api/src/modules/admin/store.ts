import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { licenseGroups, licenseMemberships, users } from '../../db/schema.js';
import { userMatches } from '../../db/search.js';

/**
 * Data access of the Super Admin Dashboard (issue 14): the user list. Users are only read here; the
 * auth module writes them. The audit log has its own module (audit/).
 */

export interface UserListFilter {
  /** Matches any part of the name or of the e-mail, whatever the case and accents (decision 081). */
  search?: string;
  role?: 'free' | 'premium' | 'license_admin' | 'superadmin';
  verified?: boolean;
  /** Issue 28: only the members of this licence group. */
  groupId?: string;
  sort: 'joined_desc' | 'joined_asc';
  limit: number;
  offset: number;
}

export interface UserListRow {
  id: string;
  name: string;
  email: string;
  role: 'free' | 'premium' | 'license_admin' | 'superadmin';
  emailVerified: boolean;
  /** Two-step sign-in is on (decision 077); PGlite and pg both answer a boolean. */
  mfaEnabled: boolean;
  /** ISO-8601 (UTC). */
  createdAt: string;
  /** The licence seat the user holds (issue 28): its group, status and term; null when none. */
  licence: {
    groupId: string;
    groupName: string;
    groupStatus: 'active' | 'suspended';
    startsOn: string | null;
    endsOn: string | null;
  } | null;
}

/**
 * The search is a case- and accent-insensitive substring of the name or of the e-mail, on the
 * users' trigram GIN index (`userMatches`, decision 081) instead of a scan of every user.
 */
function where(filter: UserListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.search) parts.push(userMatches(filter.search));
  if (filter.role) parts.push(eq(users.role, filter.role));
  if (filter.verified !== undefined) parts.push(eq(users.emailVerified, filter.verified));
  if (filter.groupId) {
    parts.push(
      sql`exists (select 1 from license_memberships m where m.user_id = ${users.id} and m.license_group_id = ${filter.groupId})`,
    );
  }
  return and(...parts);
}

export async function listUsers(
  db: Db,
  filter: UserListFilter,
): Promise<{ rows: UserListRow[]; total: number }> {
  const order =
    filter.sort === 'joined_asc'
      ? [asc(users.createdAt), asc(users.id)]
      : [desc(users.createdAt), desc(users.id)];
  const condition = where(filter);
  const [found, totals] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        emailVerified: users.emailVerified,
        mfaEnabled: sql<boolean>`exists (select 1 from user_mfa m where m.user_id = ${users.id})`,
        createdAt: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        groupId: licenseGroups.id,
        groupName: licenseGroups.name,
        groupStatus: licenseGroups.status,
        startsOn: licenseGroups.startsOn,
        endsOn: licenseGroups.endsOn,
      })
      .from(users)
      .leftJoin(licenseMemberships, eq(licenseMemberships.userId, users.id))
      .leftJoin(licenseGroups, eq(licenseGroups.id, licenseMemberships.licenseGroupId))
      .where(condition)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  const rows = found.map(({ groupId, groupName, groupStatus, startsOn, endsOn, ...user }) => ({
    ...user,
    licence:
      groupId && groupName && groupStatus ? { groupId, groupName, groupStatus, startsOn, endsOn } : null,
  }));
  return { rows, total: Number(totals[0]?.n ?? 0) };
}
