import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { AuditQuery, endpoints } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../errors.js';
import { route } from '../../route.js';
import { auditCsvLines, auditCsvName, presentAuditEntry } from '../audit/present.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import {
  addGroupAdmin,
  groupAudit,
  groupAuditExport,
  listGroupAdmins,
  oneGroup,
  removeGroupAdmin,
  setGroupTerm,
  transferGroup,
} from './group-admins.js';
import { presentAdminGroup, presentGroup } from './present.js';
import { seatUsageOf } from './groups.js';

/**
 * Who manages what and a group's activity (issue 28, parts 1 and 4): co-admins, the super admin's
 * view of one group, handing over, the term, the group's audit entries. Registered after the
 * licence routes, so `/api/license-groups/me` and `/delivery-help` answer before `/:groupId`.
 */
export function groupAdminRoutes(router: Router, deps: AppDeps): void {
  const signedIn = requireUser(deps);
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'private, no-store');

  route(router, endpoints.licenseGroup, signedIn, async ({ ctx, params }) => {
    noStore(ctx);
    const { group, usage, invites, mail, admins } = await oneGroup(deps, signedInUser(ctx), params.groupId);
    return presentAdminGroup(group, usage, invites, deps.clock(), mail, admins);
  });

  route(router, endpoints.groupAdmins, signedIn, async ({ ctx, params }) => {
    noStore(ctx);
    return { admins: await listGroupAdmins(deps, signedInUser(ctx), params.groupId) };
  });

  route(router, endpoints.addGroupAdmin, signedIn, async ({ ctx, input, params }) => {
    const admins = await addGroupAdmin(deps, signedInUser(ctx), params.groupId, input);
    ctx.status = 201;
    return { admins };
  });

  route(router, endpoints.removeGroupAdmin, signedIn, async ({ ctx, params }) => {
    return { admins: await removeGroupAdmin(deps, signedInUser(ctx), params.groupId, params.userId) };
  });

  route(router, endpoints.setGroupTerm, signedIn, async ({ ctx, input, params }) => {
    const group = await setGroupTerm(deps, signedInUser(ctx), params.groupId, input);
    return presentGroup(group, await seatUsageOf(deps, group.id));
  });

  route(router, endpoints.transferGroup, signedIn, async ({ ctx, input, params }) => {
    const group = await transferGroup(deps, signedInUser(ctx), params.groupId, input.purchaser_id);
    return presentGroup(group, await seatUsageOf(deps, group.id));
  });

  route(router, endpoints.groupAudit, signedIn, async ({ ctx, params }) => {
    const query = parseInput(AuditQuery, ctx.query);
    const { rows, total, capped } = await groupAudit(deps, signedInUser(ctx), params.groupId, query);
    noStore(ctx);
    return { entries: rows.map(presentAuditEntry), total, capped, limit: query.limit, offset: query.offset };
  });

  route(router, endpoints.groupAuditCsv, signedIn, async ({ ctx, params }) => {
    const query = parseInput(AuditQuery, ctx.query);
    const { group, pages } = await groupAuditExport(deps, signedInUser(ctx), params.groupId, query);
    noStore(ctx);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(auditCsvName(deps.clock(), `${group.name} activity`));
    ctx.body = Readable.from(auditCsvLines(pages));
  });
}
