import { authMessages, type IssueCertificateResponse } from '@pd/domain';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificatePdfs } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { uniqueEmail } from '../../test/factories.js';
import { freeCourse, teacherWithProgress } from '../../test/learning.js';
import { certificateLayoutVersion } from './service.js';

/** Issue 30 point 9: names on one line, and kept PDFs keyed by what drew them. Real api, real PDFs. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function textItems(bytes: Uint8Array): Promise<TextItem[]> {
  const doc = await getDocument({ data: bytes, verbosity: 0, isEvalSupported: false, disableFontFace: true })
    .promise;
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
  } finally {
    await doc.destroy();
  }
}

const breaking = [
  'Line1\nCertified by Harvard\nLine3',
  'Line1\r\nCertified by Harvard',
  'Line1\u2028Certified by Harvard',
  'Line1\u2029Certified by Harvard',
  'Line1\u0085Certified by Harvard',
  'Ada\u0007Lovelace',
];

describe('a name is one line', () => {
  it.each(breaking)('sign-up refuses %j with a 400 on the name, and creates nothing', async (name) => {
    const email = uniqueEmail();
    const res = await app.client().post('/api/auth/register', {
      name,
      email,
      password: 'a long and unusual passphrase 42',
      acceptTerms: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: { name: authMessages.nameOneLine } });
    const again = await app.client().post('/api/auth/register', {
      name: 'Ada Lovelace',
      email,
      password: 'a long and unusual passphrase 42',
      acceptTerms: true,
    });
    expect(again.status).toBe(201);
  });
});

describe('kept PDFs', () => {
  it('draws again a PDF kept under an older key (before its fonts or renderer), and keeps the new one', async () => {
    const teacher = await teacherWithProgress(app, {
      name: 'Anna محمد Lee',
      completed: { [freeCourse]: 'all' },
    });
    const issued = await teacher.client.post<IssueCertificateResponse>(`/api/certificates/${freeCourse}`, {});
    expect(issued.status).toBeLessThan(300);
    const id = issued.body.id;
    // A PDF kept as today's build keys it: the layout and the address, nothing of the fonts.
    const stale = Buffer.from('%PDF-1.3 drawn before the Arabic font was there');
    await app.db
      .insert(certificatePdfs)
      .values({
        certificateId: id,
        version: `${certificateLayoutVersion} ${app.config.publicUrl}`,
        pdf: stale,
      })
      .onConflictDoUpdate({
        target: certificatePdfs.certificateId,
        set: { version: `${certificateLayoutVersion} ${app.config.publicUrl}`, pdf: stale },
      });
    const res = await fetch(`${app.url}/api/certificates/${freeCourse}/download`, {
      headers: { cookie: [...teacher.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(stale)).toBe(false);
    expect((await textItems(new Uint8Array(bytes))).map((item) => item.str)).toContain('محمد');
    const [kept] = await app.db.select().from(certificatePdfs).where(eq(certificatePdfs.certificateId, id));
    expect(kept!.pdf.equals(bytes)).toBe(true);
    expect(kept!.version).not.toBe(`${certificateLayoutVersion} ${app.config.publicUrl}`);
  });
});
