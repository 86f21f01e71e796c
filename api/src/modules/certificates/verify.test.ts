import {
  CertificateNotFound,
  CertificateVerification,
  certificateMessages,
  formatPdHours,
  type IssueCertificateResponse,
  type ProgressRecord,
  quarterHours,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { course, freeCourse, longFreeCourse, progressOf, teacherWithProgress } from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /api/certificates/verify/:id (public)', () => {
  it('tells anyone who, which course, when and how many hours, and nothing else about the teacher', async () => {
    const teacher = await teacherWithProgress(app, {
      name: 'José Álvarez',
      completed: { [longFreeCourse]: 'all' },
    });
    const records: ProgressRecord[] = await progressOf(teacher.client, longFreeCourse);
    const lastCompletion = records
      .map((r) => r.completedAt ?? '')
      .sort()
      .at(-1);
    const issued = await teacher.client.post<IssueCertificateResponse>(
      `/api/certificates/${longFreeCourse}`,
      {},
    );

    const res = await app.client().get(`/api/certificates/verify/${issued.body.id}`);
    expect(res.status).toBe(200);
    const verification = CertificateVerification.parse(res.body);
    expect(verification).toEqual({
      valid: true,
      teacherName: 'José Álvarez',
      courseTitle: (await course(longFreeCourse)).title,
      completedAt: lastCompletion,
      // The stated minutes in whole quarter hours (no start noted: the stated minutes count).
      pdHours: formatPdHours(quarterHours((await course(longFreeCourse)).totalMinutes)),
      issuedAt: expect.any(String),
      issuer: 'Bright Path Learning',
      providerIds: [],
    });
    expect(res.text).not.toContain(teacher.email);
    expect(res.text).not.toContain(teacher.user.id);

    // The id is not case-sensitive (it may be typed from the paper).
    const upper = await app.client().get(`/api/certificates/verify/${issued.body.id.toUpperCase()}`);
    expect(upper.body).toEqual(res.body);
  });

  it('states a name stored with directional controls without them, as the PDF prints it (issue 17)', async () => {
    // Stored before sign-up dropped them: a right-to-left override inside the name.
    const teacher = await teacherWithProgress(app, {
      name: 'Ann \u202ETsop\u202C',
      completed: { [freeCourse]: 'all' },
    });
    const issued = await teacher.client.post<IssueCertificateResponse>(`/api/certificates/${freeCourse}`, {});
    const res = await app.client().get(`/api/certificates/verify/${issued.body.id}`);
    expect(CertificateVerification.parse(res.body).teacherName).toBe('Ann Tsop');
  });

  it.each([
    ['an unknown id', '3f2504e0-4f89-41d3-9a0c-0305e82c3301'],
    ['a malformed id', 'not-a-certificate'],
    ['an injection attempt', "1' OR '1'='1"],
  ])('answers 404 {valid: false} for %s', async (_label, id) => {
    const res = await app.client().get(`/api/certificates/verify/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(CertificateNotFound.parse(res.body)).toEqual({
      valid: false,
      error: certificateMessages.notFound,
    });
  });
});
