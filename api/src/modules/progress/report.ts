import type { AppDeps } from '../../deps.js';
import * as store from './store.js';

/**
 * What the server's own records say of learning in [from, to) (issue 30 item 1, decision 088): the
 * usage dashboard's enrolments and learning steps, never a device's claim. An enrolment is a course
 * whose lessons first reached a signed-in teacher from the server (`content_receipts`, the start of
 * the time on task); a free trial is a teacher's first free course; a course is completed when every
 * one of its modules is, on the server's records.
 */
export interface LearningReport {
  enrolments: number;
  /** Teachers who enrolled in a course. */
  enrolledTeachers: number;
  freeTrials: number;
  /** Teachers who completed a course. */
  completers: number;
}

export async function learningReport(
  deps: Pick<AppDeps, 'db' | 'content'>,
  from: Date,
  to: Date,
): Promise<LearningReport> {
  const courses = deps.content.courses.filter((c) => !c.isComingSoon);
  const free = courses.filter((c) => !c.isPremium).map((c) => c.slug);
  const moduleCounts = new Map(courses.map((c) => [c.slug, c.modules.length]));
  const [receipts, freeTrials, touched] = await Promise.all([
    store.receiptsBetween(deps.db, from, to),
    store.firstReceiptsBetween(deps.db, free, from, to),
    store.completionsTouching(deps.db, from, to),
  ]);
  const completed = touched.filter((t) => {
    const n = moduleCounts.get(t.courseSlug);
    return n !== undefined && n > 0 && t.completed >= n;
  });
  return {
    enrolments: receipts.length,
    enrolledTeachers: new Set(receipts.map((r) => r.userId)).size,
    freeTrials,
    completers: new Set(completed.map((c) => c.userId)).size,
  };
}
