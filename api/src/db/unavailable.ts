/**
 * Errors that mean "the database cannot be reached right now" (a restart, a failover, a network
 * cut), as opposed to a bug or a bad query: the api answers them 503 with Retry-After.
 */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATE: class 08 (connection exception), 57P01-57P03 (shutdown, crash, not yet accepting), 53300 (too many connections). */
const unavailableStates = /^(08...|57P0[1-3]|53300)$/;
const unavailableMessages = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
];

/** Seconds a client should wait before it tries again. */
export const databaseRetryAfterSeconds = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps driver errors (DrizzleQueryError.cause); follow the chain a few steps.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.test(code))) return true;
    if (typeof message === 'string' && unavailableMessages.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}
