import Router from '@koa/router';
import { endpoints } from '@pd/domain';
import type { Db } from '../../db/client.js';
import { route } from '../../route.js';
import { presentMailboxMessage } from './present.js';
import { listNewestFirst } from './store.js';

/** GET /api/dev/mailbox: the stored messages, newest first. Mounted only outside production. */
export function devMailboxRoutes(db: Db): Router {
  const router = new Router();
  route(router, endpoints.devMailbox, async ({ ctx }) => {
    const rows = await listNewestFirst(db, 200);
    ctx.set('Cache-Control', 'no-store');
    return { messages: rows.map(presentMailboxMessage) };
  });
  return router;
}
