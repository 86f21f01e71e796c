import { type LogFields, type Logger, redactFields, redactText } from '../logger.js';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields?: LogFields;
}

/**
 * Keeps log lines in memory so tests stay quiet and can assert on what was logged: redacted as the
 * real logger writes them.
 */
export function createMemoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (message: string, fields?: LogFields) => {
    entries.push({ level, message: redactText(message), fields: fields && redactFields(fields) });
  };
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
