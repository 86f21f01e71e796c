import { errorMessage } from '../../lib/api-client';

/** A date as the dashboard shows it: '23 Nov 2026'. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A date and time: '23 Nov 2026, 14:05'. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The server's message, or the spec's fallback when its body carries none (section 8). */
export const messageOr = (error: unknown, fallback: string): string => errorMessage(error) ?? fallback;
