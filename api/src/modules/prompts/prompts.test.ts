import { type Content, promptCatalogue } from '@pd/content';
import { PromptLibraryResponse, type Role } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testContent } from '../../test/app.js';
import { signedInClientPerRole } from '../../test/auth-helpers.js';
import type { TestClient } from '../../test/client.js';

let app: TestApp;
let content: Content;
let clients: Record<Role, TestClient>;

beforeAll(async () => {
  app = await startTestApp();
  content = await testContent();
  clients = await signedInClientPerRole(app);
});
afterAll(() => app.close());

const textsOf = (premium: boolean) =>
  content.prompts.filter((c) => c.isPremium === premium).flatMap((c) => c.prompts.map((p) => p.prompt));

/** The texts whose JSON-encoded form appears in a response body. */
function leaked(body: string, texts: readonly string[]): string[] {
  return texts.filter((text) => body.includes(JSON.stringify(text).slice(1, -1)));
}

/** Every category and every prompt's heading, whoever asks. */
function expectWholeListing(body: PromptLibraryResponse): void {
  expect(body.categories.map((c) => c.id)).toEqual(promptCatalogue.map((c) => c.id));
  expect(body.categories.map((c) => c.prompts.length)).toEqual(promptCatalogue.map((c) => c.promptCount));
  for (const [i, category] of content.prompts.entries()) {
    const served = body.categories[i];
    expect(served).toMatchObject({
      id: category.id,
      title: category.title,
      description: category.description,
      category: category.category,
      isPremium: category.isPremium,
      order: category.order,
    });
    expect(
      served?.prompts.map(({ id, title, description, category: c }) => ({ id, title, description, c })),
    ).toEqual(
      category.prompts.map(({ id, title, description, category: c }) => ({ id, title, description, c })),
    );
  }
}

describe('GET /api/prompts', () => {
  it('has premium prompt texts in the content to protect', () => {
    // As many as the catalogue lists (content/src/catalogue.ts), and some of each kind.
    const count = (premium: boolean) =>
      promptCatalogue.filter((c) => c.isPremium === premium).reduce((n, c) => n + c.promptCount, 0);
    expect(textsOf(true).length).toBe(count(true));
    expect(textsOf(false).length).toBe(count(false));
    expect(Math.min(count(true), count(false))).toBeGreaterThan(0);
  });

  it.each<['signed out' | 'free']>([['signed out'], ['free']])(
    'lists everything to a %s user but locks the premium texts',
    async (who) => {
      const client = who === 'free' ? clients.free : app.client();
      const res = await client.get<PromptLibraryResponse>('/api/prompts');
      expect(res.status).toBe(200);
      const body = PromptLibraryResponse.parse(res.body);
      expectWholeListing(body);
      for (const category of body.categories) {
        for (const prompt of category.prompts) {
          if (category.isPremium) expect(prompt).toMatchObject({ prompt: null, locked: true });
          else expect(prompt.locked).toBe(false);
        }
      }
      expect(leaked(res.text, textsOf(true))).toEqual([]);
      expect(leaked(res.text, textsOf(false))).toEqual(textsOf(false));
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('etag')).toMatch(/^W\/".+"$/);
    },
  );

  it('answers the locked view of a free teacher and a signed-out visitor alike (same ETag)', async () => {
    const anonymous = await app.client().get('/api/prompts');
    const free = await clients.free.get('/api/prompts');
    expect(free.text).toBe(anonymous.text);
    expect(free.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    const again = await clients.free.get('/api/prompts', {
      'if-none-match': free.headers.get('etag') ?? '',
      'cache-control': 'max-age=0',
    });
    expect(again.status).toBe(304);
  });

  it.each(['premium', 'license_admin', 'superadmin'] as const)(
    'gives %s every prompt text, never stored in a cache',
    async (role) => {
      const res = await clients[role].get<PromptLibraryResponse>('/api/prompts');
      expect(res.status).toBe(200);
      const body = PromptLibraryResponse.parse(res.body);
      expectWholeListing(body);
      expect(body.categories.flatMap((c) => c.prompts.filter((p) => p.locked))).toEqual([]);
      expect(body.categories.flatMap((c) => c.prompts.map((p) => p.prompt))).toEqual(
        content.prompts.flatMap((c) => c.prompts.map((p) => p.prompt)),
      );
      expect(leaked(res.text, textsOf(true))).toEqual(textsOf(true));
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('etag')).toBeNull();
    },
  );

  it('never answers 304 with premium texts to a client holding the locked view', async () => {
    const locked = await app.client().get('/api/prompts');
    const res = await clients.premium.get('/api/prompts', {
      'if-none-match': locked.headers.get('etag') ?? '',
      'cache-control': 'max-age=0',
    });
    expect(res.status).toBe(200);
    expect(leaked(res.text, textsOf(true))).toEqual(textsOf(true));
  });
});
