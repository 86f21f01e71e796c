import { describe, expect, it } from 'vitest';
import { formatReviewDate, shortTime } from './dates';

describe('shortTime', () => {
  it('writes U.S. English as Intl does, for every hour of the day and both ends of an hour', () => {
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let hour = 0; hour < 24; hour++) {
      for (const minute of [0, 5, 59]) {
        const at = new Date(2026, 10, 27, hour, minute);
        expect(shortTime(at, 'en-US')).toBe(intl.format(at));
      }
    }
    expect(shortTime(new Date(2026, 10, 27, 0, 5), 'en-US')).toBe('12:05 AM');
    expect(shortTime(new Date(2026, 10, 27, 14, 5), 'en-US')).toBe('2:05 PM');
  });

  it('writes other languages with Intl', () => {
    const at = new Date(2026, 10, 27, 14, 5);
    expect(shortTime(at, 'de-DE')).toBe('14:05');
    expect(shortTime(at, 'en-GB')).toBe('14:05');
    expect(shortTime(at, 'en-US')).toBe('2:05 PM');
  });
});

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
