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

/**
 * Unicode's directional formatting characters: embeddings and overrides (U+202A-U+202E), isolates
 * (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). In a person's name they only change how
 * the text around them is drawn, and a right-to-left override makes a name read differently on
 * the page, in the PDF and in an e-mail (issue 17, item 11). Names never keep them: each script's
 * own direction comes from its letters, and the app isolates a name where it shows it (`<bdi>`).
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `text` without directional formatting characters. */
export function withoutBidiControls(text: string): string {
  return text.replace(bidiControls, '');
}
