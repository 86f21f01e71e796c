import type { LogLevel } from './config.js';

export type LogFields = Record<string, unknown>;
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** False when lines at `level` are dropped, so callers can skip building them (absent: always true). */
  enabled?(level: Exclude<LogLevel, 'silent'>): boolean;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export const redacted = '[redacted]';
/**
 * Fields never written, whatever logs them: passwords, hashes, tokens, codes (invitation, TOTP,
 * recovery), cookies, authorization headers, secrets and the parameters of a failed SQL query.
 */
const secretField =
  /^(password|passwordhash|hash|token|code|codes|cookie|cookies|set-cookie|authorization|secret|params|parameters)$|(password|hash|token|secret|cookie)$/i;
/** Secrets that can hide inside a message: an argon2 hash, the parameters of a Drizzle query error. */
const argon2Hash = /\$argon2(id|i|d)\$[^\s"',)]+/g;
const sqlParams = /(\n|^|\s)params: [^\n]*/g;

/** A message or stack with the secrets a library may have put in it removed. */
export function redactText(text: string): string {
  return text.replace(argon2Hash, redacted).replace(sqlParams, `$1params: ${redacted}`);
}

/** The fields as they may be written: secret fields replaced, secrets in strings removed, at any depth. */
export function redactFields(fields: LogFields, depth = 0): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) out[key] = redactValue(key, value, depth);
  return out;
}

function redactValue(key: string, value: unknown, depth: number): unknown {
  if (value === undefined || value === null) return value;
  if (secretField.test(key)) return redacted;
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || depth > 5) return value;
  if (value instanceof Error) return redactText(value.message);
  if (Array.isArray(value)) return value.map((v) => redactValue('', v, depth + 1));
  return redactFields(value as LogFields, depth + 1);
}

function format(fields: LogFields | undefined): string {
  if (!fields) return '';
  return Object.entries(redactFields(fields))
    .map(([k, v]) => ` ${k}=${typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v)}`)
    .join('');
}

export type LogSink = (line: string, level: Exclude<LogLevel, 'silent'>) => void;
const standardStreams: LogSink = (line, at) =>
  (order[at] >= order.warn ? process.stderr : process.stdout).write(line);

/**
 * One line per event on stdout (stderr for warn/error), or to `sink`. Secret fields and secrets
 * inside messages are redacted here, whatever the caller passes (tested in logger.test.ts).
 */
export function createLogger(level: LogLevel, sink: LogSink = standardStreams): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (order[at] < order[level]) return;
    sink(`${new Date().toISOString()} ${at.toUpperCase()} ${redactText(message)}${format(fields)}\n`, at);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    enabled: (at) => order[at] >= order[level],
  };
}
