import {
  dayIn,
  type PdProvider,
  paths,
  type Transcript,
  type TranscriptVerification,
  type TranscriptYear,
  yearlyTotals,
} from '@pd/domain';
import type { TranscriptRow } from '../../db/schema.js';
import type { YearStart } from './service.js';

export const transcriptVerifyUrl = (publicUrl: string, id: string): string =>
  `${publicUrl}${paths.transcriptVerify(id)}`;

/** The school years of a kept transcript with their PD hours, and the total. */
export function totalsOf(row: TranscriptRow): { years: TranscriptYear[]; totalPdHours: number } {
  const years = yearlyTotals(
    row.courses.map((c) => ({
      completedDay: dayIn(new Date(c.completedAt), row.timeZone),
      pdHours: c.pdHours,
    })),
    row.schoolYearStart,
  );
  return { years, totalPdHours: row.courses.reduce((sum, c) => sum + c.pdHours, 0) };
}

export function presentTranscript(
  row: TranscriptRow,
  { provider, publicUrl, yearStart }: { provider: PdProvider; publicUrl: string; yearStart: YearStart },
): Transcript {
  return {
    id: row.id,
    verifyUrl: transcriptVerifyUrl(publicUrl, row.id),
    teacherName: row.teacherName,
    issuedAt: row.issuedAt.toISOString(),
    schoolYearStart: row.schoolYearStart,
    schoolYearStartSetBy: yearStart.setBy,
    teacherSchoolYearStart: yearStart.teacherStart,
    timeZone: row.timeZone,
    provider,
    courses: row.courses,
    ...totalsOf(row),
  };
}

/** The public page's facts: the name printed on it, the courses and hours; nothing else of the teacher. */
export function presentVerification(row: TranscriptRow, provider: PdProvider): TranscriptVerification {
  return {
    valid: true,
    id: row.id,
    teacherName: row.teacherName,
    issuedAt: row.issuedAt.toISOString(),
    schoolYearStart: row.schoolYearStart,
    timeZone: row.timeZone,
    provider,
    courses: row.courses.map(({ courseSlug: _slug, ...course }) => course),
    ...totalsOf(row),
  };
}
