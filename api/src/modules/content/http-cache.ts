import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/** A JSON answer serialised once, with its validator. */
export interface CachedJson {
  json: string;
  etag: string;
}

/**
 * A weak ETag from the body's SHA-256: weak because compression re-encodes the bytes, and a
 * new deploy with changed content gets a new tag.
 */
export function cachedJson(body: unknown): CachedJson {
  const json = JSON.stringify(body);
  const digest = createHash('sha256').update(json).digest('base64url').slice(0, 32);
  return { json, etag: `W/"${digest}"` };
}

/**
 * Answers with a body that clients may keep but must revalidate (`no-cache` by default):
 * 304 when the client's If-None-Match still matches.
 */
export function sendRevalidated(ctx: Context, entry: CachedJson, cacheControl = 'no-cache'): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', entry.etag);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = entry.json;
}
