import Router from '@koa/router';
import { certificateFileName, certificateMessages, endpoints } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { route } from '../../route.js';
import { requireUser, signedInUser } from '../auth/require-user.js';
import { presentIssued, presentSummary, presentVerification } from './present.js';
import { RenderQueue } from './render-queue.js';
import * as service from './service.js';

/** Certificates of completion (spec section 7) and their public verification. */
export function certificateRoutes(deps: AppDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps);
  // One PDF drawn at a time per process: a first download waits for its turn, the rest are bytes.
  const renders = new RenderQueue(1);

  route(router, endpoints.certificates, signedIn, async ({ ctx }) => {
    const user = signedInUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    return (await service.listCertificates(deps, user.id)).map(presentSummary);
  });

  /** Public: anyone holding the id (printed and QR-coded on the PDF) may check it. */
  route(router, endpoints.verifyCertificate, async ({ ctx, params }) => {
    const certificate = await service.verifyCertificate(deps, params.id);
    ctx.set('Cache-Control', 'no-store');
    if (!certificate) {
      ctx.status = 404;
      return { valid: false, error: certificateMessages.notFound };
    }
    return presentVerification(certificate, deps.config.pdProvider);
  });

  route(router, endpoints.issueCertificate, signedIn, async ({ ctx, params }) => {
    const user = signedInUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    return presentIssued(
      await service.issueCertificate(deps, user, params.courseSlug),
      deps.config.publicUrl,
    );
  });

  /**
   * GET answers the PDF; HEAD (endpoints.certificateExists, which @koa/router routes here too) only
   * says whether it exists.
   */
  route(router, endpoints.certificatePdf, signedIn, async ({ ctx, params }) => {
    const user = signedInUser(ctx);
    const certificate = await service.findCertificate(deps, user.id, params.courseSlug);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${certificateFileName(certificate.courseSlug)}"`);
    ctx.type = 'application/pdf';
    if (ctx.method === 'HEAD') {
      ctx.status = 200;
      return;
    }
    ctx.body = await service.certificatePdf(deps, certificate, renders);
  });

  return router;
}
