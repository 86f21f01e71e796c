import Router from '@koa/router';
import { endpoints, GroupAssignmentsQuery } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../errors.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { presentAssignments, presentMailSetting } from './present.js';
import {
  createAssignments,
  groupAssignmentView,
  mailSettingsOfGroup,
  myAssignments,
  removeAssignment,
  updateMailSetting,
} from './service.js';

/**
 * Assigned courses (issue 28, part 2): rate limit -> sign-in -> validate -> service (authorised by
 * the licences module's policy; each change and its audit row in one transaction) -> present.
 */
export function assignmentRoutes(deps: AppDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps);
  const noStore = (ctx: { set(k: string, v: string): void }) => ctx.set('Cache-Control', 'private, no-store');

  route(router, endpoints.createAssignments, signedIn, async ({ ctx, input, params }) => {
    const created = await createAssignments(deps, signedInUser(ctx), params.groupId, input);
    const view = await groupAssignmentView(deps, signedInUser(ctx), params.groupId, {
      assignmentId: '',
      status: '',
      q: '',
      page: 1,
      pageSize: 1,
    });
    const ids = new Set(created.map((a) => a.id));
    ctx.status = 201;
    return { assignments: view.assignments.filter((a) => ids.has(a.id)) };
  });

  route(router, endpoints.groupAssignments, signedIn, async ({ ctx, params }) => {
    const query = parseInput(GroupAssignmentsQuery, ctx.query);
    noStore(ctx);
    const view = await groupAssignmentView(deps, signedInUser(ctx), params.groupId, query);
    return presentAssignments(view, query);
  });

  route(router, endpoints.removeAssignment, signedIn, async ({ ctx, params }) => {
    await removeAssignment(deps, signedInUser(ctx), params.groupId, params.assignmentId);
    return { ok: true as const };
  });

  route(router, endpoints.assignmentMails, signedIn, async ({ ctx, params }) => {
    noStore(ctx);
    return (await mailSettingsOfGroup(deps, signedInUser(ctx), params.groupId)).map(presentMailSetting);
  });

  route(router, endpoints.updateAssignmentMail, signedIn, async ({ ctx, input, params }) => {
    const saved = await updateMailSetting(deps, signedInUser(ctx), params.groupId, params.kind, input);
    return presentMailSetting(saved);
  });

  route(router, endpoints.myAssignments, signedIn, async ({ ctx }) => {
    noStore(ctx);
    return myAssignments(deps, signedInUser(ctx));
  });

  return router;
}
