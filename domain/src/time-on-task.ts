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
