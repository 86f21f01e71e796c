import {
  canTakeMember,
  type CreateJoinLinkRequest,
  districtErrorCodes,
  districtMessages,
  emailInDomains,
  errorCodes,
  joinLinkStatus,
  licenceAccessMessages,
  licenceErrorCodes,
  licenceMessages,
  normaliseEmail,
  seatCounts,
  type SsoIdentityScope,
  ssoIdentityInDomains,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { JoinLinkRow, LicenseGroupRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import * as audit from '../audit/service.js';
import { type Actor, assertGroupTakesMembers, forbidden, type Parsed, type ServiceDeps } from './common.js';
import { hashJoinCode, isPlausibleJoinCode, newJoinCode } from './join-code.js';
import { canInviteInto } from './policy.js';
import type { Seat } from './redemption.js';
import * as store from './store.js';

/**
 * Join links (issue 27): the licence admin makes a link with a number of uses, an expiry and
 * optionally the e-mail domains it takes; a signed-in teacher with it joins the group. Every join
 * locks the group, then the link: seats and uses are exact however many join at once.
 */

const dayMs = 24 * 60 * 60 * 1000;
const noGroup = () => new AppError(404, licenceMessages.noLicenseGroup, licenceErrorCodes.noLicenseGroup);
const unknownLink = () => new AppError(404, districtMessages.joinUnknown, districtErrorCodes.joinUnknown);

/** The group of `groupId` if `actor` is its licence admin (locked in `tx` when `lock`); else 404. */
async function ownGroup(db: Db, actor: Actor, groupId: string, lock: boolean): Promise<LicenseGroupRow> {
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const group = isUuid(groupId)
    ? await (lock ? store.lockGroup(db, groupId) : store.findGroup(db, groupId))
    : null;
  if (!group || !canInviteInto(actor, group)) throw noGroup();
  return group;
}

export async function createJoinLink(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  input: Parsed<typeof CreateJoinLinkRequest>,
): Promise<{ link: JoinLinkRow; code: string }> {
  return deps.db.transaction(async (tx) => {
    const group = await ownGroup(tx, actor, groupId, true);
    const now = deps.clock();
    const code = newJoinCode();
    const link = await store.insertJoinLink(
      tx,
      {
        licenseGroupId: group.id,
        codeHash: hashJoinCode(code),
        maxUses: input.max_uses,
        allowedDomains: input.allowed_domains,
        createdBy: actor.id,
        expiresAt: new Date(now.getTime() + input.expires_in_days * dayMs),
      },
      now,
    );
    await audit.record(
      tx,
      actor,
      {
        action: 'join_link_created',
        target: { type: 'join_link', id: link.id, label: group.name },
        groupId: group.id,
        after: {
          max_uses: link.maxUses,
          expires_at: link.expiresAt.toISOString(),
          allowed_domains: link.allowedDomains,
        },
      },
      now,
    );
    return { link, code };
  });
}

export async function listJoinLinks(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
): Promise<JoinLinkRow[]> {
  const group = await ownGroup(deps.db, actor, groupId, false);
  return store.joinLinksOfGroup(deps.db, group.id);
}

export async function revokeJoinLink(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  linkId: string,
): Promise<JoinLinkRow> {
  return deps.db.transaction(async (tx) => {
    const group = await ownGroup(tx, actor, groupId, true);
    const link = isUuid(linkId) ? await store.lockJoinLink(tx, linkId) : null;
    if (!link || link.licenseGroupId !== group.id) {
      throw new AppError(404, districtMessages.joinLinkNotFound, errorCodes.notFound);
    }
    const now = deps.clock();
    const before = joinLinkStatus(link, now);
    if (before === 'revoked' || before === 'expired') {
      throw new AppError(409, districtMessages.joinLinkNotActive, errorCodes.conflict);
    }
    const revoked = await store.updateJoinLink(tx, link.id, { revokedAt: now });
    await audit.record(
      tx,
      actor,
      {
        action: 'join_link_revoked',
        target: { type: 'join_link', id: link.id, label: group.name },
        groupId: group.id,
        before: { status: before, uses: link.uses },
        after: { status: 'revoked' },
      },
      now,
    );
    return revoked;
  });
}

/**
 * Why a known link cannot be used, each with its own sentence and next step (as decision 082 does
 * for invitations): used up, expired, revoked (410: it will not come back), its group suspended or its term over or not begun
 * (409), no free seat (409: it may come back when the admin frees one).
 */
function assertUsableLink(
  link: JoinLinkRow,
  group: Pick<LicenseGroupRow, 'status' | 'startsOn' | 'endsOn'>,
  seatFree: boolean,
  now: Date,
): void {
  switch (joinLinkStatus(link, now)) {
    case 'revoked':
      throw new AppError(410, districtMessages.joinRevoked, districtErrorCodes.joinRevoked);
    case 'expired':
      throw new AppError(410, districtMessages.joinExpired, districtErrorCodes.joinExpired);
    case 'used_up':
      throw new AppError(410, districtMessages.joinUsedUp, districtErrorCodes.joinUsedUp);
    case 'active':
      break;
  }
  assertGroupTakesMembers(group, now);
  if (!seatFree) throw new AppError(409, districtMessages.joinGroupFull, districtErrorCodes.joinGroupFull);
}

async function findLink(db: Db, code: string) {
  if (!isPlausibleJoinCode(code)) throw unknownLink();
  const link = await store.findJoinLinkByHash(db, hashJoinCode(code));
  if (!link) throw unknownLink();
  return link;
}

/** GET /api/join/{code}: the group's name and what joining needs, or why the link cannot be used. */
export async function lookupJoinLink(deps: Pick<ServiceDeps, 'db' | 'clock'>, code: string) {
  const link = await findLink(deps.db, code);
  const now = deps.clock();
  const usage = (await store.seatUsage(deps.db, [link.licenseGroupId], now)).get(link.licenseGroupId);
  const group = await store.findGroup(deps.db, link.licenseGroupId);
  if (!group) throw unknownLink();
  const seats = seatCounts(group.licenseCount, usage?.used ?? 0, usage?.pending ?? 0);
  assertUsableLink(link, group, seats.available > 0, now);
  return { groupName: link.groupName, link };
}

/**
 * Whether a domain-restricted link takes the teacher (issue 27 part 2): a verified address of one
 * of its domains, or an SSO identity of them (Google's `hd`, or an address the provider vouched for:
 * `ssoIdentityInDomains`). Else why not: the wrong domain, or an address of it not yet verified.
 */
function assertInDomains(
  user: Pick<UserRow, 'emailVerified'>,
  email: string,
  ssoScopes: readonly SsoIdentityScope[],
  domains: readonly string[],
): void {
  if (domains.length === 0) return;
  const byAddress = emailInDomains(email, domains);
  if (byAddress && user.emailVerified) return;
  if (ssoScopes.some((scope) => ssoIdentityInDomains(scope, domains))) return;
  if (!byAddress) {
    throw new AppError(403, districtMessages.joinWrongDomain(domains), districtErrorCodes.joinWrongDomain);
  }
  throw new AppError(403, districtMessages.joinNeedsVerifiedEmail, districtErrorCodes.joinNeedsVerifiedEmail);
}

/**
 * POST /api/join/{code}: the signed-in teacher takes a seat. The group is locked, then the link;
 * a domain-restricted link takes only a verified address or an SSO identity of its domains
 * (`ssoScopes`: the teacher's identities, from the sso module through the route). A teacher who also
 * has a pending invitation to the group uses its seat (and the invitation); anyone else needs a free one.
 */
export async function joinWithLink(
  deps: ServiceDeps,
  user: Pick<UserRow, 'id' | 'email' | 'emailVerified'>,
  code: string,
  ssoScopes: readonly SsoIdentityScope[] = [],
): Promise<Seat> {
  return deps.db.transaction(async (tx) => {
    const found = await findLink(tx, code);
    const group = await store.lockGroup(tx, found.licenseGroupId);
    const link = await store.lockJoinLink(tx, found.id);
    if (!group || !link) throw unknownLink();
    const now = deps.clock();
    const email = normaliseEmail(user.email);
    const usage = (await store.seatUsage(tx, [group.id], now)).get(group.id) ?? { used: 0, pending: 0 };
    const invited = await store.pendingEmails(tx, group.id, [email], now);
    const seatFree = invited.has(email)
      ? canTakeMember({ total: group.licenseCount, used: usage.used })
      : seatCounts(group.licenseCount, usage.used, usage.pending).available > 0;
    assertUsableLink(link, group, seatFree, now);
    assertInDomains(user, email, ssoScopes, link.allowedDomains);
    if (!(await store.insertMembership(tx, user.id, group.id, now))) {
      throw new AppError(409, districtMessages.joinAlreadyMember, districtErrorCodes.joinAlreadyMember);
    }
    if (invited.has(email)) await store.useInvitesTo(tx, group.id, email, user.id, now);
    await store.updateJoinLink(tx, link.id, { uses: link.uses + 1, lastUsedAt: now });
    // Issue 28 part 4: a seat taken is on the group's record (the teacher is the actor).
    await audit.record(
      tx,
      { id: user.id, email },
      {
        action: 'member_joined',
        target: { type: 'join_link', id: link.id, label: email },
        groupId: group.id,
        after: { group: group.name },
      },
      now,
    );
    return { groupId: group.id, groupName: group.name };
  });
}
