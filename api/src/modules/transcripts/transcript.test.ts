import {
  dayIn,
  formatPdHours,
  quarterHours,
  schoolYearOf,
  type Transcript,
  transcriptMessages,
  type TranscriptVerification,
} from '@pd/domain';
import { unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import type { TestClient } from '../../test/client.js';
import {
  completeModules,
  course,
  freeCourse,
  longFreeCourse,
  signedInTeacher,
  type Teacher,
} from '../../test/learning.js';
import { createGroup, groupWithMembers, signedInAs } from '../../test/licences.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { PD_PROVIDER_NAME: 'Bright Path PD', PD_PROVIDER_IDS: 'TX-SBEC:902345,NY-CTLE:1234' },
  });
});
afterAll(() => app.close());

const minute = 60_000;
const day = 24 * 60 * minute;

/** The PDF as pdf.js reads it (every page), with no font of the machine's to fall back on. */
const openPdf = (pdf: Uint8Array) =>
  getDocument({
    data: pdf,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await openPdf(bytes);
  try {
    let text = '';
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      text += content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
        .join('');
    }
    return text.normalize('NFC');
  } finally {
    await doc.destroy();
  }
}

/** A GET answered as bytes (a PDF, a zip), with the client's cookies. */
async function bytesOf(client: TestClient, path: string) {
  const res = await fetch(`${app.url}${path}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const patch = (client: TestClient, path: string, json: unknown) => client.request('PATCH', path, { json });

/** The course's content reaches the teacher now (its start), then `minutes` pass before it is completed. */
async function takeCourse(teacher: Teacher, slug: string, minutes: number): Promise<void> {
  expect((await teacher.client.get(`/api/content/courses/${slug}`)).status).toBe(200);
  app.clock.advance(minutes * minute);
  await completeModules(teacher.client, slug, 'all');
}

describe('GET /api/transcript', () => {
  let teacher: Teacher;
  let transcript: Transcript;
  let yearStart: string;
  /** The long course's stated minutes in whole quarter hours (75 minutes: 1.25). */
  let longHours: number;

  beforeAll(async () => {
    teacher = await signedInTeacher(app, { name: 'Zoë Nguyễn-Okafor' });
    // The teacher's year starts tomorrow: today's course falls in one year, the one 2 days on in the next.
    yearStart = dayIn(new Date(app.clock.now().getTime() + day), 'UTC').slice(5);
    const set = await patch(teacher.client, '/api/transcript/settings', { schoolYearStart: yearStart });
    expect(set.status).toBe(200);
    // 40 stated minutes completed 20 minutes after it began: 20 minutes count, 0.25 PD hours.
    await takeCourse(teacher, freeCourse, 20);
    app.clock.advance(2 * day);
    // Its stated minutes (under 2 hours) over 2 hours: the stated minutes count.
    expect((await course(longFreeCourse)).totalMinutes).toBeLessThan(120);
    await takeCourse(teacher, longFreeCourse, 120);
    longHours = Math.floor((await course(longFreeCourse)).totalMinutes / 15) / 4;
    const res = await teacher.client.get<Transcript>('/api/transcript?tz=UTC');
    expect(res.status).toBe(200);
    transcript = res.body;
  });

  it('lists every completed course with its dates, quarter-hour PD hours and certificate id', async () => {
    const certificates = await teacher.client.get<{ courseSlug: string; id: string }[]>('/api/certificates');
    // Completed courses are issued their certificates by the transcript.
    const idOf = (slug: string) => certificates.body.find((c) => c.courseSlug === slug)?.id;
    expect(transcript.courses.map((c) => [c.courseSlug, c.pdHours, c.certificateId])).toEqual([
      [freeCourse, 0.25, idOf(freeCourse)],
      [longFreeCourse, longHours, idOf(longFreeCourse)],
    ]);
    expect((await course(freeCourse)).totalMinutes).toBe(40);
    const [first, second] = transcript.courses;
    expect(Date.parse(first!.completedAt) - Date.parse(first!.startedAt!)).toBeGreaterThanOrEqual(
      20 * minute,
    );
    expect(Date.parse(second!.completedAt) - Date.parse(second!.startedAt!)).toBeGreaterThanOrEqual(
      120 * minute,
    );
    expect(transcript).toMatchObject({
      teacherName: 'Zoë Nguyễn-Okafor',
      schoolYearStart: yearStart,
      schoolYearStartSetBy: 'teacher',
      provider: {
        name: 'Bright Path PD',
        ids: [
          { authority: 'TX-SBEC', id: '902345' },
          { authority: 'NY-CTLE', id: '1234' },
        ],
      },
      totalPdHours: 0.25 + longHours,
      verifyUrl: `${app.config.publicUrl}/transcripts/verify/${transcript.id}`,
    });
  });

  it("totals the hours per school year from the teacher's own first day of the year", () => {
    const firstYear = schoolYearOf(dayIn(new Date(transcript.courses[0]!.completedAt), 'UTC'), yearStart);
    expect(transcript.years).toHaveLength(2);
    expect(transcript.years[0]).toEqual({ ...firstYear, pdHours: 0.25 });
    expect(transcript.years[1]!.from).toBe(`${Number(firstYear.from.slice(0, 4)) + 1}-${yearStart}`);
    expect(transcript.years[1]!.pdHours).toBe(longHours);
    expect(firstYear.to < transcript.years[1]!.from).toBe(true);
  });

  it('answers the same transcript id while nothing on it changes, and draws it as a PDF', async () => {
    const again = await teacher.client.get<Transcript>('/api/transcript?tz=UTC');
    expect(again.body.id).toBe(transcript.id);
    const { res, bytes } = await bytesOf(teacher.client, '/api/transcript?format=pdf&tz=UTC');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('pd-transcript-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Professional Development Transcript',
      'Zoë Nguyễn-Okafor',
      'Bright Path PD',
      'TX-SBEC #902345, NY-CTLE #1234',
      transcript.id,
      transcript.courses[0]!.courseTitle,
      transcript.courses[0]!.certificateId,
      transcript.courses[1]!.certificateId,
      '0.25',
      `School year ${transcript.years[0]!.label}`,
      '0.25 PD hours',
      formatPdHours(longHours),
      formatPdHours(0.25 + longHours),
      `Verify at ${transcript.verifyUrl}`,
    ]) {
      expect(text).toContain(expected.normalize('NFC'));
    }
  });

  it('prints the provider and the same quarter-hour PD hours on the certificate', async () => {
    await teacher.client.post(`/api/certificates/${freeCourse}`, {});
    const { bytes } = await bytesOf(teacher.client, `/api/certificates/${freeCourse}/download`);
    const text = await pdfText(bytes);
    expect(text).toContain('0.25 PD hours');
    expect(text).toContain('Bright Path PD');
    expect(text).toContain('Approved provider: TX-SBEC #902345, NY-CTLE #1234');
    const verify = await app
      .client()
      .get<Record<string, unknown>>(`/api/certificates/verify/${transcript.courses[0]!.certificateId}`);
    expect(verify.body).toMatchObject({
      pdHours: '0.25 PD hours',
      issuer: 'Bright Path PD',
      providerIds: [
        { authority: 'TX-SBEC', id: '902345' },
        { authority: 'NY-CTLE', id: '1234' },
      ],
    });
  });

  it('refuses a bad format, time zone or first day of the year with a sentence, and strangers', async () => {
    const format = await teacher.client.get<{ error: string }>('/api/transcript?format=docx');
    expect(format.status).toBe(400);
    expect(format.body.error).toBe(transcriptMessages.format);
    const zone = await teacher.client.get<{ error: string }>('/api/transcript?tz=Mars/Olympus');
    expect(zone.status).toBe(400);
    expect(zone.body.error).toBe(transcriptMessages.timeZone);
    for (const start of ['02-30', '13-01', '7-1', '02-29', 'July']) {
      const bad = await patch(teacher.client, '/api/transcript/settings', { schoolYearStart: start });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: transcriptMessages.schoolYearStart });
    }
    expect((await app.client().get('/api/transcript')).status).toBe(401);
  });
});

describe('GET /api/transcripts/{id} (public)', () => {
  it('verifies a transcript by its id, still after the account is deleted', async () => {
    const teacher = await signedInTeacher(app, { name: 'Lea Leaving' });
    await completeModules(teacher.client, freeCourse, 'all');
    const transcript = (await teacher.client.get<Transcript>('/api/transcript')).body;
    // The default year starts on 1 July when neither the teacher nor a group sets one.
    expect(transcript).toMatchObject({ schoolYearStart: '07-01', schoolYearStartSetBy: 'default' });
    // No start kept: the stated minutes (the time-on-task rule held the completion to them).
    expect(transcript.courses[0]?.pdHours).toBe(0.5);

    // Signed in now: an admin's session ends after an hour idle, and the clock moved on above.
    const superadmin = await signedInAs(app, 'superadmin');
    const deleted = await superadmin.client.request('DELETE', `/api/admin/users/${teacher.user.id}`);
    expect(deleted.status).toBe(200);
    expect((await teacher.client.get('/api/transcript')).status).toBe(401);

    const res = await app.client().get<TranscriptVerification>(`/api/transcripts/${transcript.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      id: transcript.id,
      teacherName: 'Lea Leaving',
      totalPdHours: 0.5,
      provider: { name: 'Bright Path PD' },
    });
    expect(res.body.courses[0]).toMatchObject({
      certificateId: transcript.courses[0]!.certificateId,
      pdHours: 0.5,
    });
    expect(JSON.stringify(res.body)).not.toContain(teacher.email);
    expect(JSON.stringify(res.body)).not.toContain(teacher.user.id);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await app.client().get(`/api/transcripts/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ valid: false, error: transcriptMessages.notFound });
    }
  });
});

describe("a licence group's transcripts", () => {
  let admin: Teacher;
  let otherAdmin: Teacher;
  let groupId: string;
  let ann: Teacher;
  let bob: Teacher;

  beforeAll(async () => {
    const superadmin = await signedInAs(app, 'superadmin');
    admin = await signedInAs(app, 'license_admin', 'Dana Admin');
    otherAdmin = await signedInAs(app, 'license_admin', 'Other Admin');
    await createGroup(superadmin.client, otherAdmin.user.id, 10, 'Other School');
    ann = await signedInTeacher(app, { name: 'Ann, "the" Able' });
    bob = await signedInTeacher(app, { name: '=HYPERLINK("http://evil.test")' });
    groupId = await groupWithMembers(app.db, admin.user.id, [ann.user.id, bob.user.id], {
      name: 'Maple School',
    });
    await completeModules(ann.client, freeCourse, 'all');
    await completeModules(ann.client, longFreeCourse, 'all');
  });

  it("sets the group's first day of the year, which its members' transcripts follow", async () => {
    const set = await patch(admin.client, `/api/license-groups/${groupId}/school-year`, {
      schoolYearStart: '08-15',
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ schoolYearStart: '08-15' });
    const mine = await ann.client.get<Transcript>('/api/transcript');
    expect(mine.body).toMatchObject({ schoolYearStart: '08-15', schoolYearStartSetBy: 'group' });
    expect(mine.body.years[0]!.from.slice(5)).toBe('08-15');

    const bad = await patch(admin.client, `/api/license-groups/${groupId}/school-year`, {
      schoolYearStart: '31-12',
    });
    expect(bad.status).toBe(400);
    const other = await patch(otherAdmin.client, `/api/license-groups/${groupId}/school-year`, {
      schoolYearStart: '01-01',
    });
    expect(other.status).toBe(404);
    expect(
      (await patch(ann.client, `/api/license-groups/${groupId}/school-year`, { schoolYearStart: '01-01' }))
        .status,
    ).toBe(403);
  });

  it('downloads the transcripts as one CSV: members x courses, local dates, hours, certificate ids, escaped', async () => {
    const res = await admin.client.get(`/api/license-groups/${groupId}/transcripts.csv?tz=America/Chicago`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="maple-school-transcripts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Course,Started (America/Chicago),Completed (America/Chicago),PD Hours,Certificate ID,School Year,Transcript ID',
    );
    const annTranscript = (await ann.client.get<Transcript>('/api/transcript?tz=America/Chicago')).body;
    const annRows = lines.filter((l) => l.startsWith('"Ann, ""the"" Able"'));
    expect(annRows).toHaveLength(2);
    for (const [i, row] of annRows.entries()) {
      const c = annTranscript.courses[i]!;
      expect(row).toContain(`,${c.pdHours},${c.certificateId},${c.schoolYear},`);
      expect(row).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    }
    // A name that starts like a formula is defused by the shared CSV writer.
    const bobRow = lines.find((l) => l.includes(bob.email));
    expect(bobRow).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test""\)",/);
    expect(bobRow).toContain(',0,');

    expect((await otherAdmin.client.get(`/api/license-groups/${groupId}/transcripts.csv`)).status).toBe(404);
    expect((await ann.client.get(`/api/license-groups/${groupId}/transcripts.csv`)).status).toBe(403);
    expect(
      (await admin.client.get(`/api/license-groups/${groupId}/transcripts.csv?tz=Mars/Olympus`)).status,
    ).toBe(400);
  });

  it('downloads one PDF transcript per member in a zip', async () => {
    const { res, bytes } = await bytesOf(
      admin.client,
      `/api/license-groups/${groupId}/transcripts.zip?tz=UTC`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/maple-school-transcripts-.*\.zip"$/);
    const files = unzipSync(bytes);
    const pdfs = Object.keys(files).filter((name) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(2);
    const annPdf = pdfs.find((name) => name.includes(ann.email.split('@')[0]!.toLowerCase()));
    const text = await pdfText(files[annPdf!]!);
    const annTranscript = (await ann.client.get<Transcript>('/api/transcript?tz=UTC')).body;
    const longHours = quarterHours((await course(longFreeCourse)).totalMinutes);
    expect(annTranscript.totalPdHours).toBe(0.5 + longHours);
    for (const expected of [
      'Ann, "the" Able',
      annTranscript.courses[0]!.certificateId,
      formatPdHours(0.5 + longHours),
      'Bright Path PD',
    ]) {
      expect(text).toContain(expected);
    }
    expect(new TextDecoder().decode(files['README.txt'])).toContain(ann.email);

    const other = await bytesOf(otherAdmin.client, `/api/license-groups/${groupId}/transcripts.zip`);
    expect(other.res.status).toBe(404);
    expect((await bytesOf(bob.client, `/api/license-groups/${groupId}/transcripts.zip`)).res.status).toBe(
      403,
    );
  });

  it('adds per course its completion, certificate id and PD hours to the members CSV', async () => {
    const res = await admin.client.get(`/api/license-groups/${groupId}/members.csv?tz=UTC`);
    const [header, ...rows] = res.text.trim().split('\r\n');
    const title = (await course(freeCourse)).title;
    expect(header).toContain(`${title}: Completed (UTC),${title}: Certificate ID,${title}: PD Hours`);
    const annTranscript = (await ann.client.get<Transcript>('/api/transcript?tz=UTC')).body;
    const annRow = rows.find((r) => r.includes(ann.email));
    expect(annRow).toContain(`,${annTranscript.courses[0]!.certificateId},0.5`);
  });
});
