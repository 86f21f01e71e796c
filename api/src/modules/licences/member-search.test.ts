import type { GroupMember } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import type { Teacher } from '../../test/learning.js';
import { groupWithMembers, signedInAs } from '../../test/licences.js';

/**
 * The licence admin's member search (decision 081): the same match as the super admin's user
 * search (any part of a name or an e-mail, any case, any accents), within the admin's group only.
 */
let app: TestApp;
let admin: Teacher;
let groupId: string;

type Page = { members: GroupMember[]; total: number; matching: number };

const members = [
  { name: 'Adaeze Okafor', email: 'adaeze.o@lakeside.edu' },
  { name: 'Lucía Martínez', email: 'lucia.m@lakeside.edu' },
  { name: 'JO MARTINEZ', email: 'jo@hillview.org' },
  { name: 'Nguyễn Văn An', email: 'van.an@hillview.org' },
  { name: 'Sam Walker', email: 'sam.walk.test@school.org' },
];

beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInAs(app, 'license_admin', 'Dana Admin');
  const ids = [];
  for (const member of members) ids.push((await buildUser(app.db, member)).user.id);
  groupId = await groupWithMembers(app.db, admin.user.id, ids, { name: 'Lakeside Schools' });
  // Another admin's group: its Okafor and its lakeside.edu teacher are never this group's.
  const other = await buildUser(app.db, { role: 'license_admin' });
  const strangers = [
    await buildUser(app.db, { name: 'Chidi Okafor', email: 'chidi@elsewhere.org' }),
    await buildUser(app.db, { name: 'Pat Other', email: 'pat@lakeside.edu' }),
  ];
  await groupWithMembers(
    app.db,
    other.user.id,
    strangers.map((s) => s.user.id),
  );
});
afterAll(() => app.close());

async function search(text: string): Promise<{ names: string[]; total: number; matching: number }> {
  const res = await admin.client.get<Page>(
    `/api/license-groups/${groupId}/members?q=${encodeURIComponent(text)}&sort=name`,
  );
  expect(res.status, text).toBe(200);
  return { names: res.body.members.map((m) => m.name), total: res.body.total, matching: res.body.matching };
}

describe('GET /api/license-groups/{groupId}/members?q=: any part of a name or e-mail, any case, any accents', () => {
  it.each([
    ['okafor', ['Adaeze Okafor']],
    ['Okafor', ['Adaeze Okafor']],
    ['martinez', ['JO MARTINEZ', 'Lucía Martínez']],
    ['MARTÍNEZ', ['JO MARTINEZ', 'Lucía Martínez']],
    ['nguyen', ['Nguyễn Văn An']],
    ['walk.test', ['Sam Walker']],
    ['lakeside.edu', ['Adaeze Okafor', 'Lucía Martínez']],
    ['ễn', ['Nguyễn Văn An']],
    ['o_a', []],
    ['chidi', []],
  ])('%s finds %j of the group, by name', async (text, names) => {
    expect(await search(text)).toEqual({ names, total: members.length, matching: names.length });
  });
});
