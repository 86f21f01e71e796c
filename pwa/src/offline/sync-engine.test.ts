import { describe, expect, it } from 'vitest';
import { shortTime } from './sync-engine';

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
