import type { XAxis } from '@mui/x-charts/models';
import { lastDays, type DayRange } from './api/dashboard';

/**
 * The dashboard's range as the address holds it (issue 26): `?days=7|30|90` for the presets,
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` for a custom range; anything else is the last 30 days. A reload or
 * a shared link shows the same range.
 */
export type Preset = '7' | '30' | '90' | 'custom';

const presets = ['7', '30', '90'] as const;
const defaultPreset = '30';
const isoDay = /^\d{4}-\d\d-\d\d$/;

/** Said beside the custom range's dates when they cannot be asked for. */
export const rangeMessages = {
  missingDate: 'Choose both a From and a To date.',
  reversed: 'The From date must be on or before the To date.',
} as const;

/** Why the custom range cannot be shown, or null when it can. */
export function checkCustomRange(range: DayRange): string | null {
  if (!isoDay.test(range.from) || !isoDay.test(range.to)) return rangeMessages.missingDate;
  return range.from > range.to ? rangeMessages.reversed : null;
}

export function rangeFromSearch(
  search: URLSearchParams,
  now = new Date(),
): { preset: Preset; range: DayRange } {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if ((from || to) && checkCustomRange({ from, to }) === null)
    return { preset: 'custom', range: { from, to } };
  const days = search.get('days');
  const preset = presets.find((p) => p === days) ?? defaultPreset;
  return { preset, range: lastDays(Number(preset), now) };
}

export const searchOfPreset = (preset: Exclude<Preset, 'custom'>) => new URLSearchParams({ days: preset });
export const searchOfRange = (range: DayRange) => new URLSearchParams({ from: range.from, to: range.to });

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Nov 3' for the UTC day '2026-11-03' ('Tue, Nov 3, 2026' with `long`). */
export function formatDay(day: string, long = false): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (long ? longDayFormat : dayFormat).format(date);
}

/**
 * The line chart's x axis: one point per UTC day, labelled with short dates ('Nov 3'), at most about
 * eight labels so they never crowd out each other on a phone; the tooltip gives the full date.
 */
export function dayAxis(days: readonly string[]): XAxis<'point', string> {
  const step = Math.max(1, Math.ceil(days.length / 8));
  return {
    scaleType: 'point',
    data: [...days],
    label: 'Day (UTC)',
    valueFormatter: (day: string, context) => formatDay(day, context.location !== 'tick'),
    tickInterval: (_day: string, index: number) => index % step === 0,
  };
}
