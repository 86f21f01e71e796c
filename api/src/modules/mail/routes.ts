import Router from '@koa/router';
import type { Db } from '../../db/client.js';
import { presentMailboxMessage } from './present.js';
import { listNewestFirst } from './store.js';

/** GET /api/dev/mailbox: the stored messages, newest first. Mounted only outside production. */
export function devMailboxRoutes(db: Db): Router {
  const router = new Router({ prefix: '/api/dev' });
  router.get('/mailbox', async (ctx) => {
    const rows = await listNewestFirst(db, 200);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { messages: rows.map(presentMailboxMessage) };
  });
  return router;
}
