import type { IncomingMessage } from 'node:http';
import { demoPagesPrefix, endpoints } from '@pd/domain';
import { AppError } from '../../errors.js';

/** Stripe events are a few kB; a megabyte leaves room for large invoices. */
export const webhookBodyLimitBytes = 1024 * 1024;
/** The demo pages' forms carry two short fields. */
export const formBodyLimitBytes = 8 * 1024;

/**
 * Paths whose handlers read the request body themselves: the webhook's signature covers the raw
 * bytes (re-serialized JSON fails the check), and the demo pages post HTML forms.
 */
export function readsOwnBody(path: string): boolean {
  return path === endpoints.stripeWebhook.path || path.startsWith(demoPagesPrefix);
}

/** The request body as received, refused with 413 past `limitBytes`. */
export async function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  // Connection: close, so the client stops sending the rest of the body we will not read.
  const tooLarge = () =>
    new AppError(
      413,
      `The request body is too large (limit ${Math.round(limitBytes / 1024)} kB).`,
      'PAYLOAD_TOO_LARGE',
      undefined,
      { Connection: 'close' },
    );
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limitBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limitBytes) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** An application/x-www-form-urlencoded body, as plain strings. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const raw = await readRawBody(req, formBodyLimitBytes);
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
}
