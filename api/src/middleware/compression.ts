import { Stream } from 'node:stream';
import { constants as zlib } from 'node:zlib';
import compressible from 'compressible';
import type { Middleware } from 'koa';
import compress from 'koa-compress';

/** Answers smaller than this are sent as they are. */
export const compressThreshold = 1024;

const isPlainBody = (body: unknown): body is object =>
  typeof body === 'object' &&
  body !== null &&
  !Buffer.isBuffer(body) &&
  typeof (body as { pipe?: unknown }).pipe !== 'function';

const done = async () => {};

/**
 * koa-compress, run once the answer is known, after serializing a JSON answer once (Koa would
 * stringify an object body twice: once when koa-compress reads its length, again to send it).
 * A small text or buffer answer is never compressed, so koa-compress is not asked (nor does the
 * answer vary by Accept-Encoding); everything else, including empty 304s, goes through it.
 *
 * Brotli at quality 5: on the fly, quality 11 (the default) took ~40x longer than gzip on the
 * largest chunk and delayed the first paint; 5 compresses about as well as gzip -9 at gzip's speed.
 */
export function compression(): Middleware {
  const options = {
    threshold: compressThreshold,
    deflate: false,
    filter: (type: string) => compressible(type) === true,
  } as const;
  const compressor = compress({ ...options, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }, gzip: {} });
  // A streamed answer (a download written as it is read, issue 31 item 5) is flushed after each
  // chunk it writes: else the compressor holds its output until the end and the client waits for
  // the whole file before its first byte. The window stays, so later chunks still refer back.
  const streamed = compress({
    ...options,
    br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 }, flush: zlib.BROTLI_OPERATION_FLUSH },
    gzip: { flush: zlib.Z_SYNC_FLUSH },
  });
  return async (ctx, next) => {
    await next();
    let body: unknown = ctx.body;
    if (isPlainBody(body)) {
      // Koa set the JSON Content-Type with the object; a string body keeps a type already set.
      body = JSON.stringify(body);
      ctx.body = body;
    }
    if (typeof body === 'string' && Buffer.byteLength(body) < compressThreshold) return;
    if (Buffer.isBuffer(body) && body.length < compressThreshold) return;
    await (body instanceof Stream ? streamed : compressor)(ctx, done);
  };
}
