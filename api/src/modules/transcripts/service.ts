import { createHash } from 'node:crypto';
import {
  brand,
  dayIn,
  defaultSchoolYearStart,
  schoolYearOf,
  type TranscriptCourse,
  withoutBidiControls,
} from '@pd/domain';
import type { CertificateRow, TranscriptRow, UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { isUuid } from '../../ids.js';
import { certificateHours, issueCertificate, listCertificates } from '../certificates/service.js';
import { seatGroupOf } from '../licences/school-year.js';
import { listProgress } from '../progress/service.js';
import { renderTranscriptPdf } from './pdf.js';
import { totalsOf, transcriptVerifyUrl } from './present.js';
import * as store from './store.js';

type ServiceDeps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'config'>;
type Teacher = Pick<UserRow, 'id' | 'name'>;

/** Whose start of the school year a transcript uses. */
export interface YearStart {
  start: string;
  setBy: 'teacher' | 'group' | 'default';
  teacherStart: string | null;
}

/** The teacher's own start of the year, else their licence group's, else 1 July. */
export async function yearStartOf(deps: Pick<AppDeps, 'db'>, userId: string): Promise<YearStart> {
  const teacherStart = await store.findSetting(deps.db, userId);
  if (teacherStart) return { start: teacherStart, setBy: 'teacher', teacherStart };
  const group = await seatGroupOf(deps, userId);
  if (group?.schoolYearStart) return { start: group.schoolYearStart, setBy: 'group', teacherStart };
  return { start: defaultSchoolYearStart, setBy: 'default', teacherStart };
}

export function setYearStart(deps: Pick<AppDeps, 'db'>, userId: string, start: string | null): Promise<void> {
  return store.saveSetting(deps.db, userId, start);
}

/**
 * Every course the teacher completed, each with its certificate: a completed course without one yet
 * is issued its certificate now (issuing is idempotent), so every line carries a certificate id.
 */
async function completedCourses(deps: ServiceDeps, teacher: Teacher): Promise<CertificateRow[]> {
  const [records, certificates] = await Promise.all([
    listProgress(deps, teacher),
    listCertificates(deps, teacher.id),
  ]);
  const certified = new Set(certificates.map((c) => c.courseSlug));
  const done = new Set(records.filter((r) => r.completed).map((r) => `${r.courseSlug}/${r.moduleId}`));
  const issued = [...certificates];
  for (const course of deps.content.courses) {
    if (certified.has(course.slug) || course.modules.length === 0) continue;
    if (course.modules.every((m) => done.has(`${course.slug}/${m.id}`))) {
      issued.push(await issueCertificate(deps, teacher, course.slug));
    }
  }
  return issued.sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime());
}

/**
 * The teacher's transcript as it stands, kept under an id for its public page: the latest kept one
 * when nothing on it changed (same courses, name, year and zone), a new one otherwise.
 */
export async function issueTranscript(
  deps: ServiceDeps,
  teacher: Teacher,
  { timeZone, schoolYearStart }: { timeZone: string; schoolYearStart: string },
): Promise<TranscriptRow> {
  const courses: TranscriptCourse[] = (await completedCourses(deps, teacher)).map((c) => ({
    courseSlug: c.courseSlug,
    courseTitle: c.courseTitle,
    startedAt: c.startedAt?.toISOString() ?? null,
    completedAt: c.completedAt.toISOString(),
    pdHours: certificateHours(c),
    certificateId: c.id,
    schoolYear: schoolYearOf(dayIn(c.completedAt, timeZone), schoolYearStart).label,
  }));
  const teacherName = withoutBidiControls(teacher.name);
  const digest = createHash('sha256')
    .update(JSON.stringify({ teacherName, schoolYearStart, timeZone, courses }))
    .digest('hex');
  const kept = await store.findLatest(deps.db, teacher.id, digest);
  if (kept) return kept;
  return store.insert(deps.db, {
    userId: teacher.id,
    teacherName,
    schoolYearStart,
    timeZone,
    courses,
    digest,
    issuedAt: deps.clock(),
  });
}

/** The transcript kept under `id` (public), or null when there is none (or it is no id at all). */
export async function findTranscript(deps: Pick<AppDeps, 'db'>, id: string): Promise<TranscriptRow | null> {
  return isUuid(id) ? store.findById(deps.db, id.toLowerCase()) : null;
}

/** The transcript's PDF, drawn from what it kept (never from the teacher's account). */
export function transcriptPdf(deps: Pick<AppDeps, 'config'>, row: TranscriptRow): Promise<Buffer> {
  return renderTranscriptPdf({
    id: row.id,
    teacherName: row.teacherName,
    issuedAt: row.issuedAt,
    schoolYearStart: row.schoolYearStart,
    timeZone: row.timeZone,
    productName: brand.productName,
    provider: deps.config.pdProvider,
    courses: row.courses,
    ...totalsOf(row),
    verifyUrl: transcriptVerifyUrl(deps.config.publicUrl, row.id),
  });
}
