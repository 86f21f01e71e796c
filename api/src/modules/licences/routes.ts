import Router from '@koa/router';
import { endpoints, GroupMembersCsvQuery, GroupMembersQuery } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../errors.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { rateLimit } from '../rate-limit/middleware.js';
import { membersCsv, membersCsvName, presentAdminGroup, presentGroup, presentInvite } from './present.js';
import { createGroup, listAllGroups, myGroups, updateLicenseCount } from './groups.js';
import { lookupInvite, resendInvite, revokeInvite, sendInvites } from './invitations.js';
import { groupMemberPage, groupMembers, removeMember } from './members.js';
import { acceptInvite } from './redemption.js';

/**
 * Group licences (spec section 7, issue 18): rate limit -> sign-in -> validate -> the job's file
 * (groups.ts, members.ts, invitations.ts, redemption.ts; each authorises with policy.ts and locks
 * the group for every seat change) -> present.
 */
export function licenceRoutes(deps: AppDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps);
  const inviteLimit = rateLimit(deps, 'inviteLookup', deps.rateLimits.inviteLookup);
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'private, no-store');

  route(router, endpoints.createLicenseGroup, signedIn, async ({ ctx, input }) => {
    const group = await createGroup(deps, signedInUser(ctx), input);
    ctx.status = 201;
    return { license_group: { id: group.id, name: group.name, license_count: group.licenseCount } };
  });

  route(router, endpoints.licenseGroups, signedIn, async ({ ctx }) => {
    noStore(ctx);
    const groups = await listAllGroups(deps, signedInUser(ctx));
    return groups.map(({ group, usage }) => presentGroup(group, usage));
  });

  route(router, endpoints.myLicenseGroups, signedIn, async ({ ctx }) => {
    noStore(ctx);
    const groups = await myGroups(deps, signedInUser(ctx));
    const now = deps.clock();
    return groups.map(({ group, usage, invites }) => presentAdminGroup(group, usage, invites, now));
  });

  route(router, endpoints.licenseGroupMembers, signedIn, async ({ ctx, params }) => {
    const query = parseInput(GroupMembersQuery, ctx.query);
    noStore(ctx);
    const page = await groupMemberPage(deps, signedInUser(ctx), params.groupId, query);
    return { ...page, page: query.page, pageSize: query.pageSize };
  });

  route(router, endpoints.licenseGroupMembersCsv, signedIn, async ({ ctx, params }) => {
    const { tz } = parseInput(GroupMembersCsvQuery, ctx.query);
    const timeZone = tz || 'UTC';
    const { group, members, courses } = await groupMembers(deps, signedInUser(ctx), params.groupId);
    noStore(ctx);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(membersCsvName(group.name, deps.clock(), timeZone));
    ctx.body = membersCsv(members, { courses, timeZone });
  });

  route(router, endpoints.removeLicenseGroupMember, signedIn, async ({ ctx, params }) => {
    await removeMember(deps, signedInUser(ctx), params.groupId, params.userId);
    return { ok: true as const };
  });

  route(router, endpoints.updateLicenseCount, signedIn, async ({ ctx, input, params }) => {
    const { group, usage } = await updateLicenseCount(deps, signedInUser(ctx), params.groupId, input);
    return presentGroup(group, usage);
  });

  route(router, endpoints.sendInvites, signedIn, async ({ ctx, input }) => {
    const result = await sendInvites(deps, signedInUser(ctx), input);
    const now = deps.clock();
    ctx.status = 201;
    return { invites: result.invites.map((i) => presentInvite(i, now)), skipped: result.skipped };
  });

  route(router, endpoints.acceptInvite, inviteLimit, signedIn, async ({ ctx, input }) => {
    const seat = await acceptInvite(deps, signedInUser(ctx), input.code);
    return { licence: seat };
  });

  route(router, endpoints.invite, inviteLimit, async ({ ctx, params }) => {
    noStore(ctx);
    ctx.set('Referrer-Policy', 'no-referrer');
    return lookupInvite(deps, params.code);
  });

  route(router, endpoints.resendInvite, signedIn, async ({ ctx, params }) => {
    const invite = await resendInvite(deps, signedInUser(ctx), params.inviteId);
    return presentInvite(invite, deps.clock());
  });

  route(router, endpoints.revokeInvite, signedIn, async ({ ctx, params }) => {
    const invite = await revokeInvite(deps, signedInUser(ctx), params.inviteId);
    return presentInvite(invite, deps.clock());
  });

  return router;
}
