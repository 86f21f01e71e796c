import { z } from 'zod';
import { endpoint } from './endpoint-core.js';
import { isTimeZone } from './licences.js';

/**
 * The PD transcript (issue 28 part 3, decisions 116 and 117): every course a teacher completed, with
 * its dates, PD hours in quarter hours and certificate id, and the hours of each school year. The one
 * rule of PD hours (the certificate's and the transcript's) is `pdHoursOf`.
 */

// ---- PD hours: one rule --------------------------------------------------------------------------

/**
 * The minutes a completed course credits: the course's stated minutes, never more than the time
 * between the course's content first reaching the teacher (`startedAt`) and its completion, the most
 * the teacher can have spent on it. Without a known start (a certificate issued before starts were
 * kept), the stated minutes, which the time-on-task rule (decisions 075, 089) already held the
 * completion to.
 */
export function creditedMinutes(course: {
  statedMinutes: number;
  startedAt: Date | null;
  completedAt: Date;
}): number {
  const stated = Math.max(0, Math.floor(course.statedMinutes));
  if (!course.startedAt) return stated;
  const spent = Math.floor((course.completedAt.getTime() - course.startedAt.getTime()) / 60_000);
  return Math.max(0, Math.min(stated, spent));
}

/** Minutes as PD hours in whole quarter hours, rounded down (never more than the minutes). */
export const quarterHours = (minutes: number): number => Math.floor(Math.max(0, minutes) / 15) / 4;

/** The PD hours of a completed course (the certificate's and the transcript's one rule). */
export const pdHoursOf = (course: Parameters<typeof creditedMinutes>[0]): number =>
  quarterHours(creditedMinutes(course));

/** PD hours as printed: '1 PD hour', '1.25 PD hours', '0.5 PD hours'. */
export function formatPdHours(hours: number): string {
  const text = String(Math.round(hours * 100) / 100);
  return `${text} PD ${text === '1' ? 'hour' : 'hours'}`;
}

// ---- School years --------------------------------------------------------------------------------

/** The first day of a school year when neither the teacher nor their group sets one: 1 July. */
export const defaultSchoolYearStart = '07-01';

export const transcriptMessages = {
  schoolYearStart: 'Enter the first day of the school year as MM-DD, for example 07-01 for 1 July.',
  format: 'Choose the format json or pdf.',
  timeZone: 'Choose a time zone such as America/Chicago.',
  notFound: 'No transcript with this ID was found.',
  downloadFailed: 'Failed to download the transcript. Please try again.',
} as const;

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'MM-DD', a day every year has (29 February is refused: a year would start on a day most lack). */
export const SchoolYearStart = z
  .string({ message: transcriptMessages.schoolYearStart })
  .trim()
  .regex(/^\d{2}-\d{2}$/, transcriptMessages.schoolYearStart)
  .refine((value) => {
    const [month, day] = value.split('-').map(Number) as [number, number];
    return month >= 1 && month <= 12 && day >= 1 && day <= (daysInMonth[month - 1] ?? 0);
  }, transcriptMessages.schoolYearStart);

/** PATCH /api/transcript/settings: the teacher's own start of the year; null follows the group's. */
export const TranscriptSettingsRequest = z.strictObject({ schoolYearStart: SchoolYearStart.nullable() });
export type TranscriptSettingsRequest = z.infer<typeof TranscriptSettingsRequest>;

/** PATCH /api/license-groups/{groupId}/school-year: the group's start of the year; null is 1 July. */
export const GroupSchoolYearRequest = z.strictObject({ schoolYearStart: SchoolYearStart.nullable() });
export type GroupSchoolYearRequest = z.infer<typeof GroupSchoolYearRequest>;
export const GroupSchoolYearResponse = z.object({ schoolYearStart: z.string().nullable() });
export type GroupSchoolYearResponse = z.infer<typeof GroupSchoolYearResponse>;

/** The query of GET /api/transcript: `format` (json or pdf) and `tz`, the zone of its dates. */
export const TranscriptQuery = z.object({
  format: z.enum(['json', 'pdf'], { message: transcriptMessages.format }).default('json'),
  tz: z
    .string({ message: transcriptMessages.timeZone })
    .trim()
    .max(64, transcriptMessages.timeZone)
    .refine((tz) => tz === '' || isTimeZone(tz), transcriptMessages.timeZone)
    .default(''),
});

/** The school year a day (YYYY-MM-DD) falls in, for a year starting on `start` (MM-DD). */
export function schoolYearOf(day: string, start: string): { label: string; from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const first = day.slice(5) >= start ? year : year - 1;
  const [month, date] = start.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(first + 1, month - 1, date - 1));
  const to = end.toISOString().slice(0, 10);
  const label = start === '01-01' ? String(first) : `${first}–${String(first + 1).slice(2)}`;
  return { label, from: `${first}-${start}`, to };
}

/** The PD hours of each school year the courses fall in, oldest first. */
export function yearlyTotals(
  courses: readonly { completedDay: string; pdHours: number }[],
  start: string,
): TranscriptYear[] {
  const years = new Map<string, TranscriptYear>();
  for (const course of courses) {
    const year = schoolYearOf(course.completedDay, start);
    const total = years.get(year.from) ?? { ...year, pdHours: 0 };
    total.pdHours += course.pdHours;
    years.set(year.from, total);
  }
  return [...years.values()].sort((a, b) => a.from.localeCompare(b.from));
}

// ---- The contracts --------------------------------------------------------------------------------

/** The PD provider the certificates and transcripts name (PD_PROVIDER_NAME, PD_PROVIDER_IDS). */
export const PdProvider = z.object({
  name: z.string(),
  ids: z.array(z.object({ authority: z.string(), id: z.string() })),
});
export type PdProvider = z.infer<typeof PdProvider>;

/** 'TX-SBEC #902345, NY-CTLE #1234' (empty without ids). */
export const providerIdsLine = (provider: PdProvider): string =>
  provider.ids.map((p) => `${p.authority} #${p.id}`).join(', ');

export const TranscriptYear = z.object({
  /** '2026–27' (or '2026' for a year from 1 January). */
  label: z.string(),
  /** First and last day, YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  pdHours: z.number(),
});
export type TranscriptYear = z.infer<typeof TranscriptYear>;

export const TranscriptCourse = z.object({
  courseSlug: z.string(),
  courseTitle: z.string(),
  /** ISO times: the course's content first reached the teacher (null when not known), its completion. */
  startedAt: z.string().nullable(),
  completedAt: z.string(),
  pdHours: z.number(),
  certificateId: z.uuid(),
  /** The label of its school year. */
  schoolYear: z.string(),
});
export type TranscriptCourse = z.infer<typeof TranscriptCourse>;

/** GET /api/transcript: the signed-in teacher's transcript, kept under `id` for its public page. */
export const Transcript = z.object({
  id: z.uuid(),
  verifyUrl: z.string(),
  teacherName: z.string(),
  issuedAt: z.string(),
  schoolYearStart: z.string(),
  /** Who set the start of the year: the teacher, their licence group, or the default (1 July). */
  schoolYearStartSetBy: z.enum(['teacher', 'group', 'default']),
  /** The teacher's own setting (null: the group's or the default). */
  teacherSchoolYearStart: z.string().nullable(),
  timeZone: z.string(),
  provider: PdProvider,
  courses: z.array(TranscriptCourse),
  years: z.array(TranscriptYear),
  totalPdHours: z.number(),
});
export type Transcript = z.infer<typeof Transcript>;

/** GET /api/transcripts/{id} (public): the transcript as issued; no e-mail, no account id. */
export const TranscriptVerification = z.strictObject({
  valid: z.literal(true),
  id: z.uuid(),
  teacherName: z.string(),
  issuedAt: z.string(),
  schoolYearStart: z.string(),
  /** The zone its dates and school years were written in. */
  timeZone: z.string(),
  provider: PdProvider,
  courses: z.array(TranscriptCourse.omit({ courseSlug: true })),
  years: z.array(TranscriptYear),
  totalPdHours: z.number(),
});
export type TranscriptVerification = z.infer<typeof TranscriptVerification>;
export const TranscriptVerifyResponse = z.union([
  TranscriptVerification,
  z.strictObject({ valid: z.literal(false), error: z.string() }),
]);
export type TranscriptVerifyResponse = z.infer<typeof TranscriptVerifyResponse>;

/** The file names of the downloads. */
export const transcriptFileName = (id: string): string => `pd-transcript-${id.slice(0, 8)}.pdf`;

/**
 * The transcript's calls: their own group of the endpoint table (endpoints.ts spreads it in). The
 * group downloads are named as the members CSV is: `/api/license-groups/:groupId/members.csv`.
 */
export const transcriptEndpoints = {
  /** Query: format (json | pdf), tz. JSON, or the PDF with `?format=pdf`. */
  transcript: endpoint({ method: 'GET', path: '/api/transcript', response: Transcript }),
  transcriptSettings: endpoint({
    method: 'PATCH',
    path: '/api/transcript/settings',
    request: TranscriptSettingsRequest,
    response: TranscriptSettingsRequest,
  }),
  verifyTranscript: endpoint({
    method: 'GET',
    path: '/api/transcripts/:id',
    response: TranscriptVerifyResponse,
  }),
  licenseGroupSchoolYear: endpoint({
    method: 'PATCH',
    path: '/api/license-groups/:groupId/school-year',
    request: GroupSchoolYearRequest,
    response: GroupSchoolYearResponse,
  }),
  /** Query: tz (as the members CSV). Members x courses: dates, hours, certificate ids. */
  licenseGroupTranscriptsCsv: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/transcripts.csv',
  }),
  /** Query: tz. One PDF transcript per member, streamed as a zip. */
  licenseGroupTranscriptsZip: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/transcripts.zip',
  }),
} as const;
