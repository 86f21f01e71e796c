import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { type Answered, answered } from '../../route.js';

declare const holds: unique symbol;

/** A JSON answer (a `T`) serialised once, with its validator. */
export interface CachedJson<T = unknown> {
  json: string;
  etag: string;
  /** Type only: what `json` holds. */
  readonly [holds]?: T;
}

/**
 * A weak ETag from the body's SHA-256: weak because compression re-encodes the bytes, and a
 * new deploy with changed content gets a new tag.
 */
export function cachedJson<T>(body: T): CachedJson<T> {
  const json = JSON.stringify(body);
  const digest = createHash('sha256').update(json).digest('base64url').slice(0, 32);
  return { json, etag: `W/"${digest}"` };
}

/**
 * Answers with a body that clients may keep but must revalidate (`no-cache` by default):
 * 304 when the client's If-None-Match still matches. A route's handler returns what it answers.
 */
export function sendRevalidated<T>(
  ctx: Context,
  entry: CachedJson<T>,
  cacheControl = 'no-cache',
): Answered<T> {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', entry.etag);
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return answered();
  }
  ctx.type = 'application/json';
  ctx.body = entry.json;
  return answered();
}
