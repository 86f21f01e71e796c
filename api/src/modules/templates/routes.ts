import Router from '@koa/router';
import { endpoints } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { route } from '../../route.js';
import { presentTemplate, presentTemplateList, templateHtmlFile } from './present.js';
import * as service from './service.js';

/**
 * The printable templates (issue 19): the list for anyone signed in; a template's text and its
 * download (a self-contained HTML file) for premium, license_admin and superadmin only.
 */
export function templateRoutes(deps: Pick<AppDeps, 'db' | 'content' | 'sessionCache'>): Router {
  const router = new Router();

  route(router, endpoints.templates, async ({ ctx }) => {
    ctx.set('Cache-Control', 'private, no-cache');
    return presentTemplateList(await service.listTemplates(deps, ctx.session));
  });

  route(router, endpoints.template, async ({ ctx, params }) => {
    // Premium text never sits in a shared cache; refusals are per user too.
    ctx.set('Cache-Control', 'private, no-store');
    return presentTemplate(await service.openTemplate(deps, ctx.session, params.slug));
  });

  route(router, endpoints.templateDownload, async ({ ctx, params }) => {
    ctx.set('Cache-Control', 'private, no-store');
    const template = await service.openTemplate(deps, ctx.session, params.slug);
    ctx.type = 'text/html; charset=utf-8';
    ctx.attachment(`${template.slug}.html`);
    ctx.body = templateHtmlFile(template);
  });

  return router;
}
