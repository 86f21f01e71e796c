import { Readable } from 'node:stream';
import Router from '@koa/router';
import {
  endpoints,
  errorCodes,
  GroupMembersCsvQuery,
  GroupMembersQuery,
  licenceAccessMessages,
  paths,
} from '@pd/domain';
import { AppError } from '../../errors.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../errors.js';
import { route } from '../../route.js';
import { backgroundRead } from '../../turns.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { rateLimit } from '../rate-limit/middleware.js';
import { ssoScopesOf } from '../sso/service.js';
import {
  membersCsvChunks,
  membersCsvName,
  presentAdminGroup,
  presentGroup,
  presentInvite,
  presentJoinLink,
  presentRosterImport,
} from './present.js';
import { createGroup, listAllGroups, myGroups, updateLicenseCount } from './groups.js';
import { lookupInvite, resendInvite, revokeInvite, sendInvites } from './invitations.js';
import { groupMemberPage, groupMemberPages, removeMember } from './members.js';
import { acceptInvite } from './redemption.js';
import { setInviteReminders } from './groups.js';
import { createJoinLink, joinWithLink, listJoinLinks, lookupJoinLink, revokeJoinLink } from './join-links.js';
import { importRoster, rosterImports } from './roster.js';
import { groupAdminRoutes } from './group-admin-routes.js';
import { memberCertificates } from './member-certificates.js';

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
    return groups.map(({ group, usage, invites, mail, admins }) =>
      presentAdminGroup(group, usage, invites, now, mail, admins),
    );
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
    const { group, courses, pages } = await groupMemberPages(deps, signedInUser(ctx), params.groupId);
    noStore(ctx);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(membersCsvName(group.name, deps.clock(), timeZone));
    // Streamed a page of members at a time (issue 31 item 5): Koa writes each chunk as it comes,
    // pulls the next page only when the client has taken the last, and ends the reads if it leaves.
    async function* withCertificates() {
      for await (const members of pages)
        yield { members, certificates: await backgroundRead(() => memberCertificates(deps, members)) };
    }
    ctx.body = Readable.from(membersCsvChunks(withCertificates(), { courses, timeZone }));
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

  // Onboarding a district (issue 27).
  route(router, endpoints.rosterImport, signedIn, async ({ ctx, input, params }) => {
    const answer = await importRoster(deps, signedInUser(ctx), params.groupId, input);
    ctx.status = answer.importId ? 201 : 200;
    return {
      dry_run: answer.importId === null,
      import_id: answer.importId,
      summary: answer.summary,
      results: answer.results,
    };
  });

  route(router, endpoints.rosterImports, signedIn, async ({ ctx, params }) => {
    noStore(ctx);
    const views = await rosterImports(deps, signedInUser(ctx), params.groupId);
    return views.map(presentRosterImport);
  });

  route(router, endpoints.rosterImportDetail, signedIn, async ({ ctx, params }) => {
    noStore(ctx);
    const [view] = await rosterImports(deps, signedInUser(ctx), params.groupId, {
      importId: params.importId,
    });
    return { ...presentRosterImport(view!), results: view!.results };
  });

  route(router, endpoints.createJoinLink, signedIn, async ({ ctx, input, params }) => {
    const { link, code } = await createJoinLink(deps, signedInUser(ctx), params.groupId, input);
    noStore(ctx);
    ctx.status = 201;
    return {
      join_link: presentJoinLink(link, deps.clock()),
      code,
      url: `${deps.config.publicUrl}${paths.join(code)}`,
    };
  });

  route(router, endpoints.joinLinks, signedIn, async ({ ctx, params }) => {
    noStore(ctx);
    const links = await listJoinLinks(deps, signedInUser(ctx), params.groupId);
    const now = deps.clock();
    return links.map((l) => presentJoinLink(l, now));
  });

  route(router, endpoints.revokeJoinLink, signedIn, async ({ ctx, params }) => {
    const link = await revokeJoinLink(deps, signedInUser(ctx), params.groupId, params.linkId);
    return presentJoinLink(link, deps.clock());
  });

  route(router, endpoints.inviteReminders, signedIn, async ({ ctx, input, params }) => {
    const on = await setInviteReminders(deps, signedInUser(ctx), params.groupId, input.enabled);
    return { invite_reminders: on };
  });

  route(router, endpoints.deliveryHelp, signedIn, ({ ctx }) => {
    const user = signedInUser(ctx);
    if (user.role !== 'license_admin')
      throw new AppError(403, licenceAccessMessages.onlyLicenseAdmins, errorCodes.forbidden);
    const address = /<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom.trim();
    return { sender_address: address, sender_domain: address.slice(address.lastIndexOf('@') + 1) };
  });

  route(router, endpoints.joinLink, inviteLimit, async ({ ctx, params }) => {
    noStore(ctx);
    ctx.set('Referrer-Policy', 'no-referrer');
    const { groupName, link } = await lookupJoinLink(deps, params.code);
    return {
      license_group_name: groupName,
      allowed_domains: link.allowedDomains,
      needs_verified_email: link.allowedDomains.length > 0,
      expires_at: link.expiresAt.toISOString(),
    };
  });

  route(router, endpoints.join, inviteLimit, signedIn, async ({ ctx, params }) => {
    const user = signedInUser(ctx);
    // A district's SSO identity counts for a domain-restricted link (issue 27 part 2).
    const seat = await joinWithLink(deps, user, params.code, await ssoScopesOf(deps, user.id));
    return { licence: seat };
  });

  // Who manages what and a group's activity (issue 28): after the calls above (`/:groupId` last).
  groupAdminRoutes(router, deps);

  return router;
}
