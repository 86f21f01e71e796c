import { dayIn, type GroupMember, formatPdHours, localDateTime } from '@pd/domain';
import { Zip, ZipPassThrough } from 'fflate';
import { csvLine as line } from '../../csv.js';
import type { TranscriptRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { backgroundSlice } from '../../turns.js';
import { issueTranscript } from './service.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'content' | 'config'>;
/** The group's members, a page at a time (groupMemberPages): never the whole group in memory. */
type MemberPages = AsyncIterable<readonly Pick<GroupMember, 'id' | 'name' | 'email'>[]>;

/** Each member of `pages`, each in a turn the process's downloads share (api/src/turns.ts). */
async function* eachMember(pages: MemberPages) {
  for await (const page of pages)
    for (const member of page) {
      await backgroundSlice();
      yield member;
    }
}

interface Options {
  timeZone: string;
  schoolYearStart: string;
}

/**
 * The group's transcripts as one CSV (members x courses): a row per completed course of each member,
 * with its dates in the admin's time zone, PD hours, certificate id, school year and the member's
 * transcript id; a member with no completed course has one row without a course. Written a member at
 * a time (each member's transcript is issued, as the teacher's own page does), never whole in memory.
 */
export async function* transcriptsCsv(
  deps: Deps,
  members: MemberPages,
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
  for await (const member of eachMember(members)) {
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
  members: MemberPages,
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
  for await (const member of eachMember(members)) {
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
