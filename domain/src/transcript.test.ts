import { describe, expect, it } from 'vitest';
import {
  creditedMinutes,
  formatPdHours,
  pdHoursOf,
  quarterHours,
  SchoolYearStart,
  schoolYearOf,
  yearlyTotals,
} from './transcript.js';

const at = (iso: string) => new Date(iso);

describe('PD hours (issue 28 part 3)', () => {
  it("credits the course's stated minutes, never more than the time from its start to its completion", () => {
    const completedAt = at('2026-11-27T10:00:00Z');
    expect(creditedMinutes({ statedMinutes: 40, startedAt: at('2026-11-27T09:00:00Z'), completedAt })).toBe(
      40,
    );
    expect(creditedMinutes({ statedMinutes: 40, startedAt: at('2026-11-27T09:40:30Z'), completedAt })).toBe(
      19,
    );
    expect(creditedMinutes({ statedMinutes: 40, startedAt: null, completedAt })).toBe(40);
    // A start after the completion (a clock that moved back) credits nothing.
    expect(creditedMinutes({ statedMinutes: 40, startedAt: at('2026-11-27T11:00:00Z'), completedAt })).toBe(
      0,
    );
  });

  it('counts whole quarter hours, rounded down, and prints them', () => {
    expect([0, 14, 15, 40, 44, 45, 60, 75, 96].map(quarterHours)).toEqual([
      0, 0, 0.25, 0.5, 0.5, 0.75, 1, 1.25, 1.5,
    ]);
    expect(pdHoursOf({ statedMinutes: 96, startedAt: null, completedAt: at('2026-01-01T00:00:00Z') })).toBe(
      1.5,
    );
    expect([1, 0.25, 1.5, 0].map(formatPdHours)).toEqual([
      '1 PD hour',
      '0.25 PD hours',
      '1.5 PD hours',
      '0 PD hours',
    ]);
  });
});

describe('school years', () => {
  it('starts a year on its first day, by default 1 July', () => {
    expect(schoolYearOf('2026-06-30', '07-01')).toEqual({
      label: '2025–26',
      from: '2025-07-01',
      to: '2026-06-30',
    });
    expect(schoolYearOf('2026-07-01', '07-01')).toEqual({
      label: '2026–27',
      from: '2026-07-01',
      to: '2027-06-30',
    });
    expect(schoolYearOf('2026-08-31', '09-01').label).toBe('2025–26');
    expect(schoolYearOf('2026-09-01', '09-01').label).toBe('2026–27');
    expect(schoolYearOf('2028-02-29', '03-01')).toEqual({
      label: '2027–28',
      from: '2027-03-01',
      to: '2028-02-29',
    });
    expect(schoolYearOf('2026-05-05', '01-01')).toEqual({
      label: '2026',
      from: '2026-01-01',
      to: '2026-12-31',
    });
  });

  it('totals the hours of each year, oldest first', () => {
    const totals = yearlyTotals(
      [
        { completedDay: '2026-09-02', pdHours: 1.5 },
        { completedDay: '2026-08-31', pdHours: 0.25 },
        { completedDay: '2027-08-31', pdHours: 0.5 },
      ],
      '09-01',
    );
    expect(totals.map((y) => [y.label, y.pdHours])).toEqual([
      ['2025–26', 0.25],
      ['2026–27', 2],
    ]);
  });

  it('takes a first day as MM-DD that every year has', () => {
    for (const ok of ['07-01', '01-01', '12-31', '02-28', ' 09-01 '])
      expect(SchoolYearStart.safeParse(ok).success).toBe(true);
    for (const bad of ['02-29', '02-30', '13-01', '00-10', '7-1', 'July 1', '']) {
      expect(SchoolYearStart.safeParse(bad).success).toBe(false);
    }
  });
});
