import { moduleMinutes } from '@pd/domain';
import type { ContentProblem } from './loader.js';
import { withoutCode } from './markdown.js';
import type { ModuleEntry } from './written-modules.js';

/**
 * Issue 19, honest time. For each written module, the reading time of its lesson (words / 200 per
 * minute, rounded up) plus the minutes its headings state for what it asks the teacher to do
 * ("## Try it: ... (about 10 minutes)") plus its knowledge check (`questionsPerMinute`) must fit the
 * module's `duration` (issue 29: the stated minutes are what a certificate's PD hours count). A section whose heading
 * says "Optional facilitated extension" (and every heading under it) is not counted: it carries its
 * own time. The words of the whole lesson are counted, since the teacher reads them all.
 * Also: a written module carries `lastReviewed`, and that day is not in the future, and the `sources`
 * it was checked against (issue 29, decision 096).
 */
export const wordsPerMinute = 200;
/** A knowledge check's minutes: reading each scenario, choosing, reading the explanation (issue 29). */
export const questionsPerMinute = 2;

const optionalExtension = /optional facilitated extension/i;
/** "(about 10 minutes)", "(10 minutes)", "about 5-8 minutes", "20 min": the larger end of a range. */
const statedMinutes = /\b(\d{1,3})(?:\s*(?:-|–|to)\s*(\d{1,3}))?\s*(?:min|mins|minute|minutes)\b/i;

export interface ActivityMinutes {
  heading: string;
  minutes: number;
}

export interface ModuleTime {
  words: number;
  readingMinutes: number;
  activities: ActivityMinutes[];
  activityMinutes: number;
  /** The knowledge check: its questions / `questionsPerMinute`, rounded up. */
  quizMinutes: number;
  totalMinutes: number;
}

/** Words a reader reads: runs of letters or digits, outside code; link targets are not read. */
export function countWords(markdown: string): number {
  const text = withoutCode(markdown)
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<https?:[^>]*>/g, '');
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** The activities whose headings state minutes, outside optional facilitated extensions. */
export function activityMinutes(markdown: string): ActivityMinutes[] {
  const found: ActivityMinutes[] = [];
  /** The level of a heading whose section is skipped (an extension, or an activity already counted). */
  let skipBelow: number | null = null;
  for (const line of withoutCode(markdown).split('\n')) {
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const level = heading[1]?.length ?? 0;
    const text = heading[2] ?? '';
    if (skipBelow !== null && level > skipBelow) continue;
    skipBelow = null;
    if (optionalExtension.test(text)) {
      skipBelow = level;
      continue;
    }
    const stated = statedMinutes.exec(text);
    if (!stated) continue;
    const minutes = Math.max(Number(stated[1]), Number(stated[2] ?? 0));
    found.push({ heading: text, minutes });
    // Steps under a counted activity are part of its minutes.
    skipBelow = level;
  }
  return found;
}

export function moduleTime(markdown: string, questions = 0): ModuleTime {
  const words = countWords(markdown);
  const readingMinutes = Math.ceil(words / wordsPerMinute);
  const activities = activityMinutes(markdown);
  const activityTotal = activities.reduce((sum, a) => sum + a.minutes, 0);
  const quizMinutes = Math.ceil(questions / questionsPerMinute);
  return {
    words,
    readingMinutes,
    activities,
    activityMinutes: activityTotal,
    quizMinutes,
    totalMinutes: readingMinutes + activityTotal + quizMinutes,
  };
}

export interface TimeFigures {
  modules: number;
  /** Written modules whose reading plus activity minutes exceed their duration. */
  over: number;
  /** Written modules without lastReviewed. */
  unreviewed: number;
}

export interface TimeCheck {
  figures: TimeFigures;
  problems: ContentProblem[];
}

/** `today` is YYYY-MM-DD (UTC). */
export function checkTimes(entries: readonly ModuleEntry[], today: string): TimeCheck {
  const problems: ContentProblem[] = [];
  const figures: TimeFigures = { modules: 0, over: 0, unreviewed: 0 };
  for (const { module, file, written } of entries) {
    if (module.lastReviewed !== undefined && module.lastReviewed > today) {
      problems.push({
        file,
        field: 'lastReviewed',
        message: `Is ${module.lastReviewed}, a day in the future (today is ${today})`,
      });
    }
    if (!written) continue;
    figures.modules += 1;
    if (module.lastReviewed === undefined) {
      figures.unreviewed += 1;
      problems.push({
        file,
        field: 'lastReviewed',
        message: 'Required on a written module: the day an editor last checked it (YYYY-MM-DD)',
      });
    }
    if (!module.sources || module.sources.length === 0) {
      problems.push({
        file,
        field: 'sources',
        message:
          'Required on a written module (issue 29): the sources lastReviewed checked it against ' +
          '(title, publisher, date, url), primary sources first',
      });
    }
    const stated = moduleMinutes(module.duration);
    const time = moduleTime(module.markdown, module.quiz?.length ?? 0);
    if (time.totalMinutes > stated) {
      figures.over += 1;
      const activities = time.activities.map((a) => `${a.minutes} ("${a.heading}")`).join(' + ');
      problems.push({
        file,
        field: 'duration',
        message:
          `Is ${module.duration}, but the lesson takes ${time.totalMinutes} min: reading ` +
          `${time.readingMinutes} min (${time.words} words at ${wordsPerMinute} per minute)` +
          (activities ? ` + activities ${activities}` : '') +
          (time.quizMinutes ? ` + the knowledge check ${time.quizMinutes} min` : '') +
          '. Re-time it (and the course total), shorten it, or mark longer team work as an "Optional facilitated extension"',
      });
    }
  }
  return { figures, problems };
}

export function formatTimeFigures({ modules, over, unreviewed }: TimeFigures): string {
  return (
    `durations: ${modules - over} of ${modules} written modules fit their duration (reading at ` +
    `${wordsPerMinute} words per minute, plus stated activity minutes, plus ${questionsPerMinute} quiz questions per minute); ` +
    `${unreviewed} without lastReviewed`
  );
}
