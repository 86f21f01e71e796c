import { gzipSync } from 'node:zlib';
import { inputMessages } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { sendRaw } from '../test/fuzz.js';
import { freeCourse, rightAnswers, signedInTeacher } from '../test/learning.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { origin: app.client().origin, 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});

describe('a NUL character in any input', () => {
  it('is refused with a 400 naming the field, before the rate limit or the database sees it', async () => {
    const res = await app.client().post('/api/auth/login', { email: 'a\u0000@school.test', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: inputMessages.nulCharacter,
      code: 'VALIDATION_ERROR',
      fields: { email: inputMessages.nulCharacter },
    });
  });

  it('in a nested field, a path parameter or a query changes nothing', async () => {
    const teacher = await signedInTeacher(app);
    const answers = await rightAnswers(freeCourse, 1);
    const nested = await teacher.client.post('/api/progress/sync', {
      ops: [{ opId: 'x\u0000', type: 'quiz-submitted', courseSlug: freeCourse, moduleId: 1, answers }],
    });
    expect(nested.status).toBe(400);
    expect(nested.body).toMatchObject({ fields: { 'ops.0.opId': inputMessages.nulCharacter } });
    const inPath = await teacher.client.post(`/api/progress/${freeCourse}%00/1`, { answers });
    expect(inPath.status).toBe(400);
    const inQuery = await teacher.client.get(`/api/progress?courseSlug=${freeCourse}%00`);
    expect(inQuery.status).toBe(400);
    const progress = await teacher.client.get<unknown[]>('/api/progress');
    expect(progress.body).toEqual([]);
  });
});

describe('bodies that cannot be read', () => {
  it('answers a broken gzip body with 400, a valid one as if it were plain', async () => {
    const body = { email: 'nobody@school.test', password: 'wrong password' };
    const broken = await sendRaw(app.url, {
      method: 'POST',
      path: '/api/auth/login',
      ...json(body, { 'content-encoding': 'gzip' }),
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({
      error: inputMessages.bodyNotDecodable,
      code: 'VALIDATION_ERROR',
    });
    const cut = await sendRaw(app.url, {
      method: 'POST',
      path: '/api/auth/login',
      headers: json(body).headers,
      body: gzipSync(JSON.stringify(body)).subarray(0, 15),
    });
    expect(cut.status).toBe(400);
    const good = await sendRaw(app.url, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { ...json(body).headers, 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify(body)),
    });
    expect(good.status).toBe(401);
  });

  it('answers an unknown Content-Encoding with 415 and says which are accepted', async () => {
    const res = await sendRaw(app.url, {
      method: 'POST',
      path: '/api/auth/login',
      ...json({ email: 'a@school.test' }, { 'content-encoding': 'x-unknown' }),
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error).toBe(inputMessages.encodingNotSupported);
  });
});

describe('methods and addresses', () => {
  it('answers a method nobody serves with 405 and Allow (not 501)', async () => {
    const res = await sendRaw(app.url, { method: 'PROPFIND', path: '/api/auth/login', headers: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(JSON.parse(res.body)).toEqual({
      error: 'This address does not accept PROPFIND requests. Allowed: POST.',
      code: 'METHOD_NOT_ALLOWED',
    });
    const known = await sendRaw(app.url, {
      method: 'PUT',
      path: '/api/auth/login',
      headers: { origin: app.client().origin },
    });
    expect(known.status).toBe(405);
    expect(JSON.parse(known.body).error).toContain('Allowed: POST');
    const page = await sendRaw(app.url, { method: 'MKCOL', path: '/courses', headers: {} });
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
  });

  it('does not serve /API/... (api addresses are lower case): 404, nothing done', async () => {
    const res = await app.client().post('/API/auth/register', {
      name: 'Shouty',
      email: 'shouty@school.test',
      password: 'a long enough password',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    const login = await app.client().post('/api/auth/login', { email: 'shouty@school.test', password: 'x' });
    expect(login.status).toBe(401);
  });
});
