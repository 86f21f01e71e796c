import Router, { type RouterContext, type RouterMiddleware } from '@koa/router';
import {
  contentErrorCodes,
  contentMessages,
  endpoints,
  errorCodes,
  moduleIdPattern,
  progressApiMessages,
  progressMessages,
  syncReasons,
} from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { bulkhead, bulkWriteLimits } from '../../middleware/bulkhead.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { membershipOf } from '../access/service.js';
import { canOpenCourse } from '../access/policy.js';
import { courseRefusal, findCourse } from '../content/service.js';
import * as service from './service.js';

/**
 * A module id in a path, as the module page's (the domain's `moduleIdPattern`): 1 to 9999, else the
 * module is not found (before the body is read).
 */
const moduleIdParam: RouterMiddleware = (ctx, next) => {
  if (!moduleIdPattern.test(ctx.params.moduleId ?? '')) {
    throw new AppError(404, progressApiMessages.moduleNotFound, errorCodes.notFound);
  }
  return next();
};

/** Spec section 7 progress calls (ADR 004) and the offline batch sync. */
export function progressRoutes(deps: AppDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps);
  /** The signed-in teacher with their licence seat: grading a premium course checks access. */
  const teacher = async (ctx: RouterContext): Promise<service.Teacher> => {
    const user = signedInUser(ctx);
    return { id: user.id, role: user.role, licence: await membershipOf(deps, user.id) };
  };

  route(router, endpoints.progress, signedIn, async ({ ctx }) => {
    const user = signedInUser(ctx);
    const courseSlug = typeof ctx.query.courseSlug === 'string' ? ctx.query.courseSlug : undefined;
    ctx.set('Cache-Control', 'no-store');
    return service.listProgress(deps, user, courseSlug);
  });

  // A school's reconnect takes part of the pool, not all of it (decision 107).
  const syncTurns = bulkhead(bulkWriteLimits.sync);
  route(router, endpoints.sync, signedIn, syncTurns, async ({ ctx, input }) => {
    const user = await teacher(ctx);
    ctx.set('Cache-Control', 'no-store');
    return service.syncProgress(deps, user, input);
  });

  // The client's completed and score are accepted for the spec's shape and ignored: the server grades.
  route(router, endpoints.saveProgress, signedIn, moduleIdParam, async ({ ctx, input, params }) => {
    const user = await teacher(ctx);
    const { courseSlug } = params;
    const outcome = await service.saveProgress(
      deps,
      user,
      courseSlug,
      Number(params.moduleId),
      input.answers,
    );
    if (outcome.status === 'rejected')
      throw outcome.message && outcome.reason === 'tooEarly'
        ? new AppError(409, outcome.message, errorCodes.conflict)
        : saveError(deps, user, courseSlug, outcome.reason);
    ctx.set('Cache-Control', 'no-store');
    return outcome.answer;
  });

  route(router, endpoints.resetProgress, signedIn, async ({ ctx, params }) => {
    const user = signedInUser(ctx);
    const answer = await service.resetProgress(deps, user, params.courseSlug);
    if (!answer) throw new AppError(404, contentMessages.courseNotFound, errorCodes.notFound);
    return answer;
  });

  return router;
}

/** The online form of a refused attempt: an HTTP status and a message a person can read. */
function saveError(
  deps: AppDeps,
  user: service.Teacher,
  courseSlug: string,
  reason: service.RejectionReason,
): AppError {
  switch (reason) {
    case 'unknownCourse':
      return new AppError(404, contentMessages.courseNotFound, errorCodes.notFound);
    case 'unknownModule':
      return new AppError(404, progressApiMessages.moduleNotFound, errorCodes.notFound);
    case 'notEntitled': {
      const course = findCourse(deps.content, courseSlug);
      const access = course ? canOpenCourse(user, course) : 'allowed';
      return course && access !== 'allowed'
        ? courseRefusal(access, course)
        : new AppError(403, syncReasons.notEntitled, contentErrorCodes.premiumRequired);
    }
    case 'wrongAnswerCount':
      return new AppError(400, progressMessages.wrongAnswerCount, errorCodes.validation);
    case 'moduleLocked':
      return new AppError(409, progressMessages.moduleLocked, errorCodes.conflict);
    case 'supersededByReset':
      return new AppError(409, syncReasons.supersededByReset, errorCodes.conflict);
    case 'tooEarly':
      return new AppError(409, syncReasons.tooEarly, errorCodes.conflict);
  }
}
