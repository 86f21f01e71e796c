import Router from '@koa/router';
import { AdminUserQuery, AuditQuery, endpoints } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../errors.js';
import { deleteAccount } from '../../commands/delete-account.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { Readable } from 'node:stream';
import { auditCsvLines, auditCsvName } from '../audit/present.js';
import { presentAdminUser, presentAuditEntry } from './present.js';
import * as service from './service.js';

/**
 * The Super Admin Dashboard's calls (spec section 7, issue 14): sign-in -> validate -> service
 * (superadmin only, one transaction with its audit row) -> present.
 */
export function adminRoutes(deps: AppDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps);
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'private, no-store');

  route(router, endpoints.adminUsers, signedIn, async ({ ctx }) => {
    const query = parseInput(AdminUserQuery, ctx.query);
    const { rows, total } = await service.listUsers(deps, signedInUser(ctx), query);
    noStore(ctx);
    const now = deps.clock();
    return {
      users: rows.map((r) => presentAdminUser(r, now)),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  });

  route(router, endpoints.updateUserRole, signedIn, async ({ ctx, input, params }) => {
    await service.changeRole(deps, signedInUser(ctx), params.userId, input.role);
    return { ok: true as const };
  });

  route(router, endpoints.verifyUserEmail, signedIn, async ({ ctx, params }) => {
    await service.verifyEmail(deps, signedInUser(ctx), params.userId);
    return { ok: true as const };
  });

  route(router, endpoints.resetUserMfa, signedIn, async ({ ctx, params }) => {
    await service.resetMfa(deps, signedInUser(ctx), params.userId);
    return { ok: true as const };
  });

  route(router, endpoints.deleteUser, signedIn, async ({ ctx, params }) => {
    await deleteAccount(deps, signedInUser(ctx), params.userId);
    return { ok: true as const };
  });

  route(router, endpoints.adminAudit, signedIn, async ({ ctx }) => {
    const { limit, offset, ...filter } = parseInput(AuditQuery, ctx.query);
    const { rows, total, capped } = await service.listAudit(deps, signedInUser(ctx), limit, offset, filter);
    noStore(ctx);
    return { entries: rows.map(presentAuditEntry), total, capped, limit, offset };
  });

  // Issue 28 part 4: the same filters, every matching entry, as a CSV file.
  route(router, endpoints.adminAuditCsv, signedIn, ({ ctx }) => {
    const { limit: _limit, offset: _offset, ...filter } = parseInput(AuditQuery, ctx.query);
    const pages = service.auditExport(deps, signedInUser(ctx), filter);
    noStore(ctx);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(auditCsvName(deps.clock()));
    ctx.body = Readable.from(auditCsvLines(pages));
  });

  return router;
}
