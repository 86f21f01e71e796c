import Router from '@koa/router';
import { type CertificateNotFound, certificateFileName, certificateMessages } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { requireUser } from '../progress/session-user.js';
import * as service from './service.js';

/** Certificates of completion (spec section 7) and their public verification. */
export function certificateRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/api/certificates' });

  router.get('/', async (ctx) => {
    const user = await requireUser(deps, ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.listCertificates(deps, user.id);
  });

  /** Public: anyone holding the id (printed and QR-coded on the PDF) may check it. */
  router.get('/verify/:id', async (ctx) => {
    const { id } = ctx.params as { id: string };
    const verification = await service.verifyCertificate(deps, id);
    ctx.set('Cache-Control', 'no-store');
    if (!verification) {
      ctx.status = 404;
      ctx.body = { valid: false, error: certificateMessages.notFound } satisfies CertificateNotFound;
      return;
    }
    ctx.body = verification;
  });

  router.post('/:courseSlug', async (ctx) => {
    const user = await requireUser(deps, ctx);
    const { courseSlug } = ctx.params as { courseSlug: string };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.issueCertificate(deps, user, courseSlug);
  });

  /** GET answers the PDF; HEAD (which @koa/router routes here too) only says whether it exists. */
  router.get('/:courseSlug/download', async (ctx) => {
    const user = await requireUser(deps, ctx);
    const { courseSlug } = ctx.params as { courseSlug: string };
    const certificate = await service.findCertificate(deps, user.id, courseSlug);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${certificateFileName(certificate.courseSlug)}"`);
    ctx.type = 'application/pdf';
    if (ctx.method === 'HEAD') {
      ctx.status = 200;
      return;
    }
    ctx.body = await service.renderCertificate(deps, certificate);
  });

  return router;
}
