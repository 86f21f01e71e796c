import Router from '@koa/router';
import {
  contentErrorCodes,
  contentMessages,
  errorCodes,
  progressApiMessages,
  progressMessages,
  SaveProgressRequest,
  SyncRequest,
  syncReasons,
} from '@pd/domain';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError, parseInput } from '../../errors.js';
import { canOpenCourse } from '../content/policy.js';
import { courseRefusal, findCourse } from '../content/service.js';
import * as service from './service.js';
import { requireUser } from './session-user.js';

/** Spec section 7 progress calls (ADR 004) and the offline batch sync. */
export function progressRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/api/progress' });

  router.get('/', async (ctx) => {
    const user = await requireUser(deps, ctx);
    const courseSlug = typeof ctx.query.courseSlug === 'string' ? ctx.query.courseSlug : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.listProgress(deps, user, courseSlug);
  });

  router.post('/sync', async (ctx) => {
    const user = await requireUser(deps, ctx);
    const input = parseInput(SyncRequest, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.syncProgress(deps, user, input);
  });

  router.post('/:courseSlug/:moduleId', async (ctx) => {
    const user = await requireUser(deps, ctx);
    const { courseSlug, moduleId: moduleParam } = ctx.params as { courseSlug: string; moduleId: string };
    const moduleId = /^[1-9]\d{0,3}$/.test(moduleParam) ? Number(moduleParam) : null;
    if (moduleId === null) throw new AppError(404, progressApiMessages.moduleNotFound, errorCodes.notFound);
    // The client's completed and score are accepted for the spec's shape and ignored: the server grades.
    const input = parseInput(SaveProgressRequest, ctx.request.body);
    const outcome = await service.saveProgress(deps, user, courseSlug, moduleId, input.answers);
    if (outcome.status === 'rejected') throw saveError(deps, user, courseSlug, outcome.reason);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = outcome.answer;
  });

  router.delete('/:courseSlug', async (ctx) => {
    const user = await requireUser(deps, ctx);
    const { courseSlug } = ctx.params as { courseSlug: string };
    const answer = await service.resetProgress(deps, user, courseSlug);
    if (!answer) throw new AppError(404, contentMessages.courseNotFound, errorCodes.notFound);
    ctx.body = answer;
  });

  return router;
}

/** The online form of a refused attempt: an HTTP status and a message a person can read. */
function saveError(
  deps: AppDeps,
  user: UserRow,
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
  }
}
