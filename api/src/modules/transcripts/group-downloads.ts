import { dayIn, type GroupMember, formatPdHours } from '@pd/domain';
import { Zip, ZipPassThrough } from 'fflate';
import { csvCell } from '../../csv.js';
import type { TranscriptRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { issueTranscript } from './service.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'config'>;
interface Options {
  timeZone: string;
  schoolYearStart: string;
}

/** A time as a spreadsheet reads it, in `timeZone`: 2026-11-20 14:05 (as the members CSV writes it). */
function localDateTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const line = (cells: readonly (string | number)[]): string => cells.map(csvCell).join(',') + '\r\n';

/**
 * The group's transcripts as one CSV (members x courses): a row per completed course of each member,
 * with its dates in the admin's time zone, PD hours, certificate id, school year and the member's
 * transcript id; a member with no completed course has one row without a course. Written a member at
 * a time (each member's transcript is issued, as the teacher's own page does), never whole in memory.
 */
export async function* transcriptsCsv(
  deps: Deps,
  members: readonly Pick<GroupMember, 'id' | 'name' | 'email'>[],
  options: Options,
): AsyncGenerator<string> {
  const zone = `(${options.timeZone})`;
  yield line([
    'Name',
    'Email',
    'Course',
    `Started ${zone}`,
    `Completed ${zone}`,
    'PD Hours',
    'Certificate ID',
    'School Year',
    'Transcript ID',
  ]);
  for (const member of members) {
    const transcript = await issueTranscript(deps, member, options);
    if (transcript.courses.length === 0) {
      yield line([member.name, member.email, '', '', '', 0, '', '', transcript.id]);
      continue;
    }
    for (const course of transcript.courses) {
      yield line([
        member.name,
        member.email,
        course.courseTitle,
        course.startedAt ? localDateTime(course.startedAt, options.timeZone) : '',
        localDateTime(course.completedAt, options.timeZone),
        course.pdHours,
        course.certificateId,
        course.schoolYear,
        transcript.id,
      ]);
    }
  }
}

/** A file name of the zip: the member's name and e-mail, safe on every system, unique. */
function entryName(member: Pick<GroupMember, 'name' | 'email'>, used: Set<string>): string {
  const base =
    `${member.name}-${member.email}`
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9@.]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 100) || 'teacher';
  let name = `${base}.pdf`;
  for (let i = 2; used.has(name); i++) name = `${base}-${i}.pdf`;
  used.add(name);
  return name;
}

/**
 * One PDF transcript per member in a zip (decision 117: fflate's streaming `Zip`; the PDFs are stored,
 * not compressed again). Each PDF is drawn and handed on before the next member's is started, so
 * the download holds one PDF at a time, and waits while the reader does.
 */
export async function* transcriptsZip(
  deps: Deps,
  members: readonly Pick<GroupMember, 'id' | 'name' | 'email'>[],
  options: Options,
  pdfOf: (row: TranscriptRow) => Promise<Buffer>,
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const used = new Set<string>();
  const flush = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array;
  };
  const summary: string[] = [];
  for (const member of members) {
    const transcript = await issueTranscript(deps, member, options);
    const pdf = await pdfOf(transcript);
    const file = new ZipPassThrough(entryName(member, used));
    file.mtime = transcript.issuedAt;
    zip.add(file);
    file.push(pdf, true);
    const hours = transcript.courses.reduce((sum, c) => sum + c.pdHours, 0);
    summary.push(`${member.name} <${member.email}>: ${formatPdHours(hours)}, transcript ${transcript.id}`);
    yield* flush();
  }
  const readme = new ZipPassThrough('README.txt');
  readme.mtime = deps.clock();
  zip.add(readme);
  readme.push(
    new TextEncoder().encode(
      `PD transcripts, ${dayIn(deps.clock(), options.timeZone)} (${options.timeZone})\r\n` +
        `${summary.join('\r\n')}\r\n`,
    ),
    true,
  );
  zip.end();
  yield* flush();
}
