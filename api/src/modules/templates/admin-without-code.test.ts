import { type Content } from '@pd/content';
import { PromptLibraryResponse, type Role } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testContent } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import type { TestClient } from '../../test/client.js';
import { buildUser, setRole } from '../../test/factories.js';

/**
 * Issue 30 point 7: "an admin without the code is signed out" (decision 077) holds for the premium
 * templates and prompts too: a session of an admin role that never passed two-step sign-in (a
 * teacher made an admin while signed in) reads them as a signed-out visitor does.
 */

let app: TestApp;
let content: Content;
beforeAll(async () => {
  app = await startTestApp();
  content = await testContent();
});
afterAll(() => app.close());

/** A premium teacher's signed-in session, then the account made `role` (no code passed). */
async function adminSessionWithoutCode(role: Role): Promise<TestClient> {
  const teacher = await buildUser(app.db, { role: 'premium' });
  const client = app.client();
  expect((await signIn(client, teacher.email, teacher.password)).status).toBe(200);
  // The premium session reads a template: the test's scenario is live before the role changes.
  expect((await client.get('/api/templates/team-norms')).status).toBe(200);
  await setRole(app, teacher.user.id, role);
  return client;
}

const premiumTexts = () =>
  content.prompts.filter((c) => c.isPremium).flatMap((c) => c.prompts.map((p) => p.prompt));

describe.each<Role>(['license_admin', 'superadmin'])('a %s session that never passed the code', (role) => {
  it('gets no template: not the list, nor a text, nor a download', async () => {
    const client = await adminSessionWithoutCode(role);
    for (const template of content.templates) {
      const one = await client.get(`/api/templates/${template.slug}`);
      expect(one.status).toBe(401);
      const download = await client.get(`/api/templates/${template.slug}/download`);
      expect(download.status).toBe(401);
    }
    expect((await client.get('/api/templates')).status).toBe(401);
  });

  it('gets the Prompt Library locked, as a signed-out visitor does', async () => {
    const client = await adminSessionWithoutCode(role);
    const res = await client.get<PromptLibraryResponse>('/api/prompts');
    expect(res.status).toBe(200);
    const body = PromptLibraryResponse.parse(res.body);
    for (const category of body.categories.filter((c) => c.isPremium)) {
      for (const prompt of category.prompts) expect(prompt).toMatchObject({ prompt: null, locked: true });
    }
    const leaked = premiumTexts().filter((text) => res.text.includes(JSON.stringify(text).slice(1, -1)));
    expect(leaked).toEqual([]);
  });
});
