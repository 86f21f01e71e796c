import { licenceAccessMessages } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import type { LicenseGroupRow } from '../../db/schema.js';
import { membershipOf } from '../access/service.js';
import { type Actor, forbidden } from './common.js';
import { visibleGroup } from './groups.js';
import { canInviteInto } from './policy.js';
import * as store from './store.js';

/**
 * The first day of a group's school year, which its members' transcripts total their PD hours by
 * (issue 28 part 3): set by the group's licence admin; null is the default (1 July).
 */
export async function setGroupSchoolYear(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  groupId: string,
  start: string | null,
): Promise<string | null> {
  const group = await visibleGroup(deps, actor, groupId);
  if (!canInviteInto(actor, group)) throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  await store.setSchoolYearStart(deps.db, group.id, start);
  return start;
}

/** The group a teacher holds a seat in, with its start of the school year, or null. */
export async function seatGroupOf(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<Pick<LicenseGroupRow, 'id' | 'name' | 'schoolYearStart'> | null> {
  const seat = await membershipOf(deps, userId);
  if (!seat) return null;
  const group = await store.findGroup(deps.db, seat.groupId);
  return group ? { id: group.id, name: group.name, schoolYearStart: group.schoolYearStart } : null;
}
