import { describe, expect, it } from 'vitest';
import { dayIn, localDateTime } from './local-time.js';

const formats = new Map<string, Intl.DateTimeFormat>();

/** What Intl itself says, part by part: the answer the kept offsets must give. */
function byIntl(ms: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const zones = [
  'UTC',
  'America/Chicago',
  'America/New_York',
  'America/St_Johns', // -03:30 / -02:30
  'Asia/Kathmandu', // +05:45
  'Australia/Lord_Howe', // a 30-minute change of offset
  'Europe/London',
  'Pacific/Chatham', // +12:45 / +13:45
  'America/Sao_Paulo',
];

describe('localDateTime', () => {
  it('says what Intl says through 2026, and minute by minute around every change of offset', () => {
    const start = Date.UTC(2026, 0, 1);
    const step = 127 * 60_000 + 13_000; // odd minutes and seconds, every hour of the day in turn
    /** Local minus UTC as Intl writes it, in minutes: where it moves, an offset changed. */
    const shift = (ms: number, zone: string) =>
      (Date.parse(`${byIntl(ms, zone).replace(' ', 'T')}:00Z`) - Math.floor(ms / 60_000) * 60_000) / 60_000;
    for (const zone of zones) {
      for (let ms = start; ms < start + 366 * 86_400_000; ms += step) {
        expect(localDateTime(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
          byIntl(ms, zone),
        );
        if (shift(ms, zone) === shift(ms + step, zone)) continue;
        for (let at = ms; at <= ms + step; at += 60_000)
          expect(localDateTime(new Date(at), zone), `${zone} ${new Date(at).toISOString()}`).toBe(
            byIntl(at, zone),
          );
      }
    }
  });

  it('is exact at the millisecond either side of a change (Chicago, 8 March and 1 November 2026)', () => {
    const spring = Date.parse('2026-03-08T08:00:00Z'); // 02:00 CST becomes 03:00 CDT
    const fall = Date.parse('2026-11-01T07:00:00Z'); // 02:00 CDT becomes 01:00 CST
    for (const at of [spring - 1, spring, fall - 1, fall, spring + 1_800_000, fall + 1_800_000])
      expect(localDateTime(new Date(at), 'America/Chicago')).toBe(byIntl(at, 'America/Chicago'));
    expect(localDateTime(new Date(spring - 1), 'America/Chicago')).toBe('2026-03-08 01:59');
    expect(localDateTime(new Date(spring), 'America/Chicago')).toBe('2026-03-08 03:00');
    expect(localDateTime(new Date(fall - 1), 'America/Chicago')).toBe('2026-11-01 01:59');
    expect(localDateTime(new Date(fall), 'America/Chicago')).toBe('2026-11-01 01:00');
  });

  it('takes an ISO string as well as a Date, and a local mean time with seconds (before 1883)', () => {
    expect(localDateTime('2026-11-20T20:05:59.999Z', 'America/Chicago')).toBe('2026-11-20 14:05');
    const old = Date.UTC(1850, 5, 1, 12, 0, 0);
    expect(localDateTime(new Date(old), 'America/New_York')).toBe(byIntl(old, 'America/New_York'));
  });

  it('refuses a name that is no time zone, as Intl does', () => {
    expect(() => localDateTime(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('dayIn', () => {
  it('is the local day: late evening in Chicago is the next day in UTC', () => {
    const at = new Date('2026-11-21T03:30:00Z');
    expect(dayIn(at, 'America/Chicago')).toBe('2026-11-20');
    expect(dayIn(at, 'UTC')).toBe('2026-11-21');
  });
});
