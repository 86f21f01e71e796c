/**
 * A moment as a person in a time zone reads it: the one place that turns an instant into a local
 * date and time (the members CSV, the group's transcripts, the school year a completion falls in).
 *
 * `Intl.DateTimeFormat#formatToParts` is exact but costs microseconds a call, and a 5,000-member
 * download writes tens of thousands of times (issue 31 item 5). A zone's offset from UTC changes a
 * few times a year, so it is read from `Intl` once per UTC hour of the zone and kept: when the offset
 * at the hour's first and last millisecond agree, no change falls inside that hour and every moment
 * in it has that offset. An hour with a change in it (or a zone `Intl` does not name an offset for)
 * asks `Intl` for the moment itself. The same answers as `formatToParts`, a few times faster.
 */

const hourMs = 3_600_000;

interface Zone {
  /** `en-US` with `timeZoneName: 'longOffset'`: "GMT-06:00", "GMT+05:30", "GMT" for UTC itself. */
  offsetFormat: Intl.DateTimeFormat;
  /** The offset in seconds of each UTC hour seen, or null for an hour a change falls inside. */
  hours: Map<number, number | null>;
}

/** Zones in use and the hours kept for each, bounded: an old hour is read again if it comes back. */
const zones = new Map<string, Zone>();
const maxZones = 64;
const maxHoursPerZone = 20_000;

function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (!zone) {
    // Throws a RangeError for a name that is no time zone, as Intl does (callers validate first).
    zone = {
      offsetFormat: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
      hours: new Map(),
    };
    if (zones.size >= maxZones) zones.clear();
    zones.set(timeZone, zone);
  }
  return zone;
}

/** The zone's offset from UTC at `ms`, in seconds (east positive; local mean times before 1900 have seconds). */
function offsetAt(zone: Zone, ms: number): number {
  const name = zone.offsetFormat.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /^GMT([+-])(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0; // "GMT": UTC itself
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === '-' ? -seconds : seconds;
}

function offsetOf(zone: Zone, ms: number): number {
  const hour = Math.floor(ms / hourMs);
  let kept = zone.hours.get(hour);
  if (kept === undefined) {
    const first = offsetAt(zone, hour * hourMs);
    kept = first === offsetAt(zone, hour * hourMs + hourMs - 1) ? first : null;
    if (zone.hours.size >= maxHoursPerZone) zone.hours.clear();
    zone.hours.set(hour, kept);
  }
  return kept ?? offsetAt(zone, ms);
}

/** `at` in `timeZone` as a spreadsheet reads it: 2026-11-20 14:05 (no seconds, no offset). */
export function localDateTime(at: Date | string, timeZone: string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const local = new Date(ms + offsetOf(zoneOf(timeZone), ms) * 1000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

/** The day of `at` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(at: Date | string, timeZone: string): string {
  return localDateTime(at, timeZone).slice(0, 10);
}
