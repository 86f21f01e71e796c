import type { AdminUserListResponse } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import type { Teacher } from '../../test/learning.js';
import { signedInAs } from '../../test/licences.js';

/**
 * The super admin's user search (decision 081): any part of a name or an e-mail, whatever the case
 * and accents. This file's database holds only the users made here (and the signed-in admin,
 * "Sam Super" at a random teacher-…@school.test), so each search's answer is exact.
 */
let app: TestApp;
let superadmin: Teacher;

const people = [
  { name: 'Adaeze Okafor', email: 'adaeze.o@lakeside.edu' },
  { name: 'Lucía Martínez', email: 'lucia.m@lakeside.edu' },
  { name: 'JO MARTINEZ', email: 'jo@hillview.org' },
  { name: 'Nguyễn Văn An', email: 'van.an@hillview.org' },
  { name: 'Sam Walker', email: 'sam.walk.test@school.org' },
  { name: 'Chris Okoro', email: 'chris@hillview.org' },
  { name: 'Ann Under_Score', email: 'ann@hillview.org' },
];

beforeAll(async () => {
  app = await startTestApp();
  superadmin = await signedInAs(app, 'superadmin', 'Sam Super');
  for (const person of people) await buildUser(app.db, person);
});
afterAll(() => app.close());

async function search(text: string): Promise<{ names: string[]; total: number }> {
  const res = await superadmin.client.get<AdminUserListResponse>(
    `/api/admin/users?search=${encodeURIComponent(text)}&limit=100`,
  );
  expect(res.status, text).toBe(200);
  return { names: res.body.users.map((u) => u.name).sort(), total: res.body.total };
}

describe('GET /api/admin/users?search=: any part of a name or e-mail, any case, any accents', () => {
  it.each([
    // A surname after the first name: not the start of the name, nor in the e-mail.
    ['okafor', ['Adaeze Okafor']],
    ['OKAFOR', ['Adaeze Okafor']],
    // Accents fold both ways: a plain search finds the accented name, an accented one the plain.
    ['martinez', ['JO MARTINEZ', 'Lucía Martínez']],
    ['Martínez', ['JO MARTINEZ', 'Lucía Martínez']],
    ['nguyen', ['Nguyễn Văn An']],
    ['NGUYỄN VĂN', ['Nguyễn Văn An']],
    ['van an', ['Nguyễn Văn An']],
    // Inside an e-mail, and a school's domain finds its teachers.
    ['walk.test', ['Sam Walker']],
    ['lakeside.edu', ['Adaeze Okafor', 'Lucía Martínez']],
    ['@HILLVIEW.org', ['Ann Under_Score', 'Chris Okoro', 'JO MARTINEZ', 'Nguyễn Văn An']],
    // Two letters have no trigram to look up, and still find the same way.
    ['ko', ['Chris Okoro']],
    ['ễn', ['Nguyễn Văn An']],
    // `_` and `%` are letters, not wildcards.
    ['r_s', ['Ann Under_Score']],
    ['o_a', []],
    ['_', ['Ann Under_Score']],
    ['%', []],
    ['nobody-at-all', []],
  ])('%s finds %j', async (text, names) => {
    const found = await search(text);
    expect(found.names).toEqual(names);
    expect(found.total).toBe(names.length);
  });

  it('keeps the order, the paging and the filters around the search', async () => {
    const newest = await superadmin.client.get<AdminUserListResponse>(
      '/api/admin/users?search=hillview&limit=2',
    );
    const oldest = await superadmin.client.get<AdminUserListResponse>(
      '/api/admin/users?search=hillview&limit=4&sort=joined_asc',
    );
    expect(newest.body).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect(newest.body.users.map((u) => u.name)).toEqual(
      oldest.body.users
        .map((u) => u.name)
        .reverse()
        .slice(0, 2),
    );
    const premium = await superadmin.client.get<AdminUserListResponse>(
      '/api/admin/users?search=hillview&role=premium',
    );
    expect(premium.body).toMatchObject({ users: [], total: 0 });
  });
});
