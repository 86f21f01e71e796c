import { certificateMessages, type IssueCertificateResponse, formatPdHours, quarterHours } from '@pd/domain';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificatePdfs } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { course, freeCourse, signedInTeacher, teacherWithProgress } from '../../test/learning.js';
import { formatCertificateDate } from './pdf.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, verbosity: 0, isEvalSupported: false, disableFontFace: true })
    .promise;
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items
      .filter((item): item is TextItem => 'str' in item)
      .map((item) => item.str + (item.hasEOL ? '\n' : ' '))
      .join('')
      .normalize('NFC');
  } finally {
    await doc.destroy();
  }
}

async function download(client: ReturnType<TestApp['client']>, method: 'GET' | 'HEAD', slug = freeCourse) {
  const res = await fetch(`${app.url}/api/certificates/${slug}/download`, {
    method,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('GET and HEAD /api/certificates/:courseSlug/download', () => {
  it('answers 404 before a certificate is issued, on GET and HEAD', async () => {
    const teacher = await signedInTeacher(app);
    const get = await teacher.client.get(`/api/certificates/${freeCourse}/download`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ error: certificateMessages.noCertificate, code: 'NOT_FOUND' });
    const head = await download(teacher.client, 'HEAD');
    expect(head.res.status).toBe(404);
    expect(head.bytes.length).toBe(0);
    expect((await app.client().get(`/api/certificates/${freeCourse}/download`)).status).toBe(401);
  });

  it('serves a PDF with the name, course, PD hours, completion date and id', async () => {
    const teacher = await teacherWithProgress(app, {
      name: 'Zoë Nguyễn-Okafor',
      completed: { [freeCourse]: 'all' },
    });
    const issued = await teacher.client.post<IssueCertificateResponse>(`/api/certificates/${freeCourse}`, {});
    const { title, totalMinutes } = await course(freeCourse);

    const { res, bytes } = await download(teacher.client, 'GET');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="certificate_${freeCourse}.pdf"`,
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(bytes);
    // 40 minutes since the re-timing of issue 29 item 4; in whole quarter hours (issue 28 part 3).
    expect(formatPdHours(quarterHours(totalMinutes))).toBe('0.5 PD hours');
    for (const expected of [
      'Zoë Nguyễn-Okafor',
      title,
      '0.5 PD hours',
      issued.body.id,
      formatCertificateDate(new Date()),
      'Bright Path Learning',
      `Verify at ${issued.body.verifyUrl}`,
    ]) {
      expect(text).toContain(expected.normalize('NFC'));
    }

    const head = await download(teacher.client, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get('content-type')).toBe('application/pdf');
    expect(head.bytes.length).toBe(0);
  });

  it("never serves another teacher's certificate", async () => {
    const owner = await teacherWithProgress(app, { completed: { [freeCourse]: 'all' } });
    await owner.client.post(`/api/certificates/${freeCourse}`, {});
    const stranger = await signedInTeacher(app);
    expect((await download(stranger.client, 'GET')).res.status).toBe(404);
    expect((await download(stranger.client, 'HEAD')).res.status).toBe(404);
  });

  it('renders a certificate once and keeps the bytes; parallel first downloads share one render (issue 17)', async () => {
    const teacher = await teacherWithProgress(app, { completed: { [freeCourse]: 'all' } });
    const issued = await teacher.client.post<IssueCertificateResponse>(`/api/certificates/${freeCourse}`, {});
    const parallel = await Promise.all(Array.from({ length: 8 }, () => download(teacher.client, 'GET')));
    const first = parallel[0]!.bytes;
    for (const { res, bytes } of parallel) {
      expect(res.status).toBe(200);
      expect(Buffer.from(bytes).equals(Buffer.from(first))).toBe(true);
    }
    const rows = await app.db
      .select()
      .from(certificatePdfs)
      .where(eq(certificatePdfs.certificateId, issued.body.id));
    expect(rows).toHaveLength(1);
    expect(Buffer.from(first).equals(rows[0]!.pdf)).toBe(true);

    // The kept bytes are what a download sends: not drawn again.
    const kept = Buffer.concat([rows[0]!.pdf, Buffer.from('\n% kept\n')]);
    await app.db
      .update(certificatePdfs)
      .set({ pdf: kept })
      .where(eq(certificatePdfs.certificateId, issued.body.id));
    expect(Buffer.from((await download(teacher.client, 'GET')).bytes).equals(kept)).toBe(true);

    // A PDF kept for another layout or address is drawn again and replaced.
    await app.db
      .update(certificatePdfs)
      .set({ version: '0 http://old.example' })
      .where(eq(certificatePdfs.certificateId, issued.body.id));
    const redrawn = Buffer.from((await download(teacher.client, 'GET')).bytes);
    expect(redrawn.equals(Buffer.from(first))).toBe(true);
  });
});
