import { moduleMinutes } from './content.js';

/**
 * Time on task (issue 17, decision 075): a certificate attests plausible time spent, as districts that
 * audit PD hours expect. A module's completion counts only once the time since the course's content
 * first reached the teacher from the server (a page load or a course download) reaches a share
 * (MODULE_MIN_TIME_SHARE) of the stated minutes of that module and the ones before it: modules open
 * in order, so module 3 is read after modules 1 and 2.
 */

/** MODULE_MIN_TIME_SHARE when unset. */
export const defaultModuleMinTimeShare = 0.3;

/** Milliseconds after the content first arrived from which `moduleId` may be completed. */
export function msBeforeCompletion(
  modules: readonly { id: number; duration: string }[],
  moduleId: number,
  share: number,
): number {
  const minutes = modules
    .filter((m) => m.id <= moduleId)
    .reduce((sum, m) => sum + moduleMinutes(m.duration), 0);
  return Math.round(share * minutes * 60_000);
}

/**
 * When a completion counts: the device's time for an offline completion, kept within [the content's
 * arrival, the server's receipt]; the receipt otherwise.
 */
export function completionTime(deviceAt: Date | undefined, contentAt: Date, receivedAt: Date): Date {
  if (!deviceAt || Number.isNaN(deviceAt.getTime())) return receivedAt;
  const t = Math.min(Math.max(deviceAt.getTime(), contentAt.getTime()), receivedAt.getTime());
  return new Date(t);
}

/** What the teacher reads when a completion came too early. */
export function tooEarlyReason(msAfterOpening: number): string {
  const minutes = Math.max(1, Math.ceil(msAfterOpening / 60_000));
  return `Finish reading the lesson; you can complete this module from ${minutes} ${
    minutes === 1 ? 'minute' : 'minutes'
  } after you first opened this course.`;
}

// ---- The teacher's time, over every course (issue 30 item 3, decision 089) --------------------

/**
 * One counted module on the teacher's timeline, in milliseconds since the epoch: its course's
 * content first reached the teacher (`from`), the module's completion counted (`by`), and the
 * reading it stands for (`ms`: the share of the module's own stated minutes).
 */
export interface ReadingSpan {
  from: number;
  by: number;
  ms: number;
}

/** The reading a module's completion stands for: `share` of its own stated minutes. */
export const moduleReadingMs = (duration: string, share: number): number =>
  Math.round(share * moduleMinutes(duration) * 60_000);

/**
 * How late the teacher's reading runs when they read one thing at a time, always the one whose
 * completion came first (earliest-deadline-first, which meets every time whenever any order does):
 * the sum over the spans of how long after its completion its reading would end.
 */
function lateness(spans: readonly ReadingSpan[]): number {
  const queue = [...spans].sort((a, b) => a.from - b.from);
  const ready: { by: number; left: number }[] = [];
  let t = queue[0]?.from ?? 0;
  let next = 0;
  let late = 0;
  while (next < queue.length || ready.length > 0) {
    if (ready.length === 0) t = Math.max(t, (queue[next] as ReadingSpan).from);
    while (next < queue.length && (queue[next] as ReadingSpan).from <= t) {
      const span = queue[next] as ReadingSpan;
      ready.push({ by: span.by, left: span.ms });
      next += 1;
    }
    let k = 0;
    for (let i = 1; i < ready.length; i++)
      if ((ready[i] as { by: number }).by < (ready[k] as { by: number }).by) k = i;
    const job = ready[k] as { by: number; left: number };
    const until = next < queue.length ? (queue[next] as ReadingSpan).from : Infinity;
    const run = Math.min(job.left, until - t);
    t += run;
    job.left -= run;
    if (job.left <= 0) {
      late += Math.max(0, t - job.by);
      ready.splice(k, 1);
    }
  }
  return late;
}

/**
 * The rule: the stated minutes credited for all the teacher's completions together never exceed the
 * time they had. A new completion counts only when the teacher, reading one module at a time, could
 * have read it between its course's arrival and its completion on top of everything already
 * counted, in any course, without making any earlier completion later than it already was (a
 * teacher's counted past is never taken back). Answers true when `next` fits.
 */
export function fitsTeacherTime(counted: readonly ReadingSpan[], next: ReadingSpan): boolean {
  return lateness([...counted, next]) <= lateness(counted);
}

/**
 * The earliest completion time (ms) from which `next` would fit, searching from `next.by` up to the
 * time all the reading takes; to the minute.
 */
export function earliestTeacherTime(counted: readonly ReadingSpan[], next: ReadingSpan): number {
  if (fitsTeacherTime(counted, next)) return next.by;
  let low = next.by;
  let high = next.by + next.ms + counted.reduce((sum, s) => sum + s.ms, 0) + 60_000;
  for (let i = 0; i < 64 && !fitsTeacherTime(counted, { ...next, by: high }); i++) high += high - low;
  while (high - low > 60_000) {
    const mid = Math.floor((low + high) / 2);
    if (fitsTeacherTime(counted, { ...next, by: mid })) high = mid;
    else low = mid;
  }
  return high;
}

/** What the teacher reads when their other completions took up the time (decision 089). */
export function teacherTimeReason(msFromNow: number): string {
  const minutes = Math.max(1, Math.ceil(msFromNow / 60_000));
  return `Finish reading the lesson; your time since you opened this course went to modules you completed in other courses. You can complete this module in ${minutes} ${
    minutes === 1 ? 'minute' : 'minutes'
  }.`;
}
