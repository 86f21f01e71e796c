// Rules every input obeys, whatever its contract: applied by the api to each request's path, query
// and body before any route step (a rate limit, a validation) reads it.

/** Messages of the rules below, for the person who sent the input. */
export const inputMessages = {
  nulCharacter:
    'Text cannot contain the NUL character (\\u0000). Remove it (it often comes from a copy and paste) and try again.',
  bodyNotDecodable:
    'The request body could not be decompressed. Send it as valid gzip, deflate or br, or uncompressed.',
  encodingNotSupported:
    'This Content-Encoding is not supported. Send the body as gzip, deflate, br or uncompressed.',
  methodNotAllowed: (method: string, allowed: string) =>
    `This address does not accept ${method} requests. Allowed: ${allowed}.`,
} as const;

/**
 * The place (`body.name`, `query.q`, `path`) of the first string holding U+0000, or null. PostgreSQL
 * cannot store that character in text, so an input carrying it is refused as a whole rather than
 * silently changed.
 */
export function findNulCharacter(value: unknown, at = 'body', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], `${at}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${at}.${key.replaceAll('\u0000', '\\u0000')}`;
    const found = findNulCharacter(item, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
