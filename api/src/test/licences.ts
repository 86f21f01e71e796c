import type { AdminLicenseGroup, Invite, Role } from '@pd/domain';
import type { Db } from '../db/client.js';
import { insertGroup, insertMembership } from '../modules/licences/store.js';
import type { TestApp } from './app.js';
import type { TestClient } from './client.js';
import { signedInTeacher, type Teacher } from './learning.js';

/** Test helpers of the licences tests (not app code). */

export const signedInAs = (app: TestApp, role: Role, name?: string): Promise<Teacher> =>
  signedInTeacher(app, { role, name });

/** A group made through the real call by `superadmin` for `admin`; its id. */
export async function createGroup(
  superadmin: TestClient,
  purchaserId: string,
  license_count = 10,
  name = 'Lincoln High School',
): Promise<string> {
  const res = await superadmin.post<{ license_group: { id: string } }>('/api/license-groups', {
    name,
    purchaser_id: purchaserId,
    license_count,
  });
  if (res.status !== 201) throw new Error(`creating a group answered ${res.status} ${res.text}`);
  return res.body.license_group.id;
}

export async function sendInvites(
  admin: TestClient,
  groupId: string,
  emails: string[],
): Promise<{ status: number; invites: Invite[]; error?: string }> {
  const res = await admin.post<{ invites: Invite[]; error?: string }>('/api/invites', {
    license_group_id: groupId,
    emails,
  });
  return { status: res.status, invites: res.body.invites ?? [], error: res.body.error };
}

export async function myGroup(admin: TestClient): Promise<AdminLicenseGroup> {
  const res = await admin.get<AdminLicenseGroup[]>('/api/license-groups/me');
  const group = res.body[0];
  if (res.status !== 200 || !group) throw new Error(`no group: ${res.status} ${res.text}`);
  return group;
}

/** The invite code of the newest invitation mailed to `to` (from its /signup?invite= link). */
export function inviteCodeIn(links: readonly string[]): string {
  for (const link of links) {
    const url = new URL(link);
    const code = url.searchParams.get('invite');
    if (url.pathname === '/signup' && code) return code;
  }
  throw new Error('no invite link');
}

/**
 * A group of `purchaserId` whose seats `memberIds` already hold, written straight to the database
 * (for tests of many members; the joining itself is tested through invitations).
 */
export async function groupWithMembers(
  db: Db,
  purchaserId: string,
  memberIds: readonly string[],
  { licenseCount = 50, name = 'Lincoln High School' }: { licenseCount?: number; name?: string } = {},
): Promise<string> {
  const now = new Date();
  const group = await insertGroup(db, { name, purchaserId, licenseCount }, now);
  for (const userId of memberIds) {
    if (!(await insertMembership(db, userId, group.id, now))) throw new Error(`${userId} holds a seat`);
  }
  return group.id;
}
