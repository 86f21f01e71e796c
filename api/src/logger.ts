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

function format(fields: LogFields | undefined): string {
  if (!fields) return '';
  return Object.entries(fields)
    .map(([k, v]) => ` ${k}=${typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v)}`)
    .join('');
}

/** One line per event on stdout (stderr for warn/error). Never pass passwords or tokens. */
export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (order[at] < order[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}${format(fields)}\n`;
    (order[at] >= order.warn ? process.stderr : process.stdout).write(line);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    enabled: (at) => order[at] >= order[level],
  };
}
