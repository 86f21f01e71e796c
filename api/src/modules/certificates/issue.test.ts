import {
  authMessages,
  CertificateListResponse,
  certificateMessages,
  contentMessages,
  IssueCertificateResponse,
} from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  completeModules,
  freeCourse,
  longFreeCourse,
  signedInTeacher,
  type Teacher,
  teacherWithProgress,
} from '../../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const issue = (teacher: Teacher, slug = freeCourse) =>
  teacher.client.post<IssueCertificateResponse>(`/api/certificates/${slug}`, {});

describe('POST /api/certificates/:courseSlug', () => {
  it('refuses with 409 until every module is completed on the server', async () => {
    const teacher = await signedInTeacher(app);
    const none = await issue(teacher);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ error: certificateMessages.notComplete });

    await completeModules(teacher.client, freeCourse, [1, 2]);
    expect((await issue(teacher)).status).toBe(409);
    expect((await teacher.client.get('/api/certificates')).body).toEqual([]);
  });

  it('issues the certificate once the course is complete, and the same one every time after', async () => {
    const teacher = await teacherWithProgress(app, { completed: { [freeCourse]: 'all' } });
    const first = await issue(teacher);
    expect(first.status).toBe(200);
    const issued = IssueCertificateResponse.parse(first.body);
    expect(issued).toEqual({
      url: `/api/certificates/${freeCourse}/download`,
      id: issued.id,
      verifyUrl: `${app.url}/certificates/verify/${issued.id}`,
    });

    const again = await Promise.all([issue(teacher), issue(teacher)]);
    for (const res of again) expect(res.body).toEqual(issued);

    // A reset later does not take an earned certificate away, nor make a second one.
    await teacher.client.request('DELETE', `/api/progress/${freeCourse}`);
    expect((await issue(teacher)).body).toEqual(issued);

    const list = await teacher.client.get('/api/certificates');
    expect(list.status).toBe(200);
    expect(CertificateListResponse.parse(list.body)).toEqual([
      { courseSlug: freeCourse, id: issued.id, issuedAt: expect.any(String) },
    ]);
  });

  it('gives two teachers two certificates, and two parallel first issues one', async () => {
    const first = await teacherWithProgress(app, { completed: { [freeCourse]: 'all' } });
    const second = await teacherWithProgress(app, { completed: { [freeCourse]: 'all' } });
    const [a, b] = await Promise.all([issue(first), issue(first)]);
    expect(a?.status).toBe(200);
    expect(a?.body.id).toBe(b?.body.id);
    const other = await issue(second);
    expect(other.body.id).not.toBe(a?.body.id);
  });

  it('answers 404 for an unknown course and 401 when signed out', async () => {
    const teacher = await signedInTeacher(app);
    const unknown = await issue(teacher, 'no-such-course');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: contentMessages.courseNotFound });
    const anonymous = await app.client().post(`/api/certificates/${longFreeCourse}`, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: authMessages.notSignedIn });
    expect((await app.client().get('/api/certificates')).status).toBe(401);
  });
});
