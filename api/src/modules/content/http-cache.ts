import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { compressThreshold } from '../../middleware/compression.js';
import { type Answered, answered } from '../../route.js';

declare const holds: unique symbol;

/** A JSON answer (a `T`) serialised once, with its validator. */
export interface CachedJson<T = unknown> {
  json: string;
  etag: string;
  /** The body compressed once, on the first request that accepts each encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
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
  return { json, etag: `W/"${digest}"`, encoded: {} };
}

type Encoding = 'br' | 'gzip';

/**
 * The body in `encoding`, compressed the first time it is asked for and kept: the answer never
 * changes while the process runs, so it is compressed once (better than on the fly, at no CPU per
 * request) rather than on every request.
 */
function encodedBody(entry: CachedJson, encoding: Encoding): Buffer {
  const kept = entry.encoded[encoding];
  if (kept) return kept;
  const body =
    encoding === 'br'
      ? brotliCompressSync(entry.json, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: 9,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(entry.json),
          },
        })
      : gzipSync(entry.json, { level: 9 });
  entry.encoded[encoding] = body;
  return body;
}

/**
 * Answers with a body that clients may keep but must revalidate (`no-cache` by default):
 * 304 when the client's If-None-Match still matches. The body goes out in the best encoding the
 * client accepts, compressed once per process (`encodedBody`). A route's handler returns what it
 * answers.
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
  ctx.vary('Accept-Encoding');
  const encoding =
    Buffer.byteLength(entry.json) >= compressThreshold
      ? ctx.acceptsEncodings('br', 'gzip', 'identity')
      : false;
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.body = encodedBody(entry, encoding);
    ctx.set('Content-Encoding', encoding);
  } else {
    ctx.body = entry.json;
  }
  ctx.type = 'application/json';
  return answered();
}
