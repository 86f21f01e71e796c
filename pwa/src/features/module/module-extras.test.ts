import { describe, expect, it } from 'vitest';
import { formatReviewDate } from './module-extras';

describe('formatReviewDate', () => {
  it('writes U.S. English as Intl does, for every month and both ends of a month', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month++) {
      for (const day of ['01', '09', '28']) {
        const iso = `2026-${String(month).padStart(2, '0')}-${day}`;
        expect(formatReviewDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
        expect(formatReviewDate(iso, 'en-US')).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
      }
    }
    expect(formatReviewDate('2026-11-23')).toBe('November 23, 2026');
  });

  it('writes other languages with Intl, and a language Intl does not know as U.S. English', () => {
    expect(formatReviewDate('2026-11-23', 'de-DE')).toBe('23. November 2026');
    expect(formatReviewDate('2026-11-23', 'fr')).toBe('23 novembre 2026');
    expect(formatReviewDate('2026-11-23', 'not a language')).toBe('November 23, 2026');
  });
});
