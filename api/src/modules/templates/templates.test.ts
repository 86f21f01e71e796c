import type { Content } from '@pd/content';
import {
  contentErrorCodes,
  premiumRequiredMessage,
  type Role,
  TemplateListResponse,
  TemplateResponse,
} from '@pd/domain';
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

const entitled: Role[] = ['premium', 'license_admin', 'superadmin'];
const norms = () => {
  const template = content.templates.find((t) => t.slug === 'team-norms');
  if (!template) throw new Error('content/templates/team-norms.md is missing');
  return template;
};
/** A line of the template's body that only its text carries (not its title or description). */
const bodyLine = 'Test against scenarios';

describe('GET /api/templates', () => {
  it('lists every template, without its body, to anyone signed in', async () => {
    for (const role of ['free', ...entitled] as Role[]) {
      const res = await clients[role].get('/api/templates');
      expect(res.status).toBe(200);
      const body = TemplateListResponse.parse(res.body);
      expect(body.templates.map((t) => t.slug)).toEqual(content.templates.map((t) => t.slug));
      expect(body.templates.find((t) => t.slug === 'team-norms')).toEqual({
        slug: 'team-norms',
        title: norms().title,
        description: norms().description,
        usedIn: ['ai-readiness-workshop-part-1/5'],
      });
      expect(res.text).not.toContain(bodyLine);
      expect(res.text).not.toContain('"markdown"');
    }
  });

  it('answers 401 when signed out', async () => {
    const res = await app.client().get('/api/templates');
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('team-norms');
  });
});

describe('GET /api/templates/:slug', () => {
  it.each(entitled)('gives a %s user the template with its body, never cached', async (role) => {
    const res = await clients[role].get('/api/templates/team-norms');
    expect(res.status).toBe(200);
    const { template } = TemplateResponse.parse(res.body);
    expect(template).toEqual({ ...norms() });
    expect(template.markdown).toContain(bodyLine);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a free teacher with the premium message, and none of the body', async () => {
    for (const path of ['/api/templates/team-norms', '/api/templates/team-norms/download']) {
      const res = await clients.free.get<{ error: string; code: string }>(path);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        error: premiumRequiredMessage(norms().title),
        code: contentErrorCodes.premiumRequired,
      });
      expect(res.text).not.toContain(bodyLine);
      expect(res.headers.get('content-disposition')).toBeNull();
    }
  });

  it('answers 401 signed out and 404 for an unknown slug', async () => {
    expect((await app.client().get('/api/templates/team-norms')).status).toBe(401);
    expect((await app.client().get('/api/templates/team-norms/download')).status).toBe(401);
    const unknown = await clients.premium.get<{ error: string }>('/api/templates/no-such-template');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Template not found');
    expect((await clients.premium.get('/api/templates/no-such-template/download')).status).toBe(404);
  });
});

describe('GET /api/templates/:slug/download', () => {
  it('sends an entitled user a self-contained, print-friendly HTML file as an attachment', async () => {
    const res = await clients.license_admin.get('/api/templates/team-norms/download');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="team-norms.html"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = res.text;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<h1>${norms().title}</h1>`);
    expect(html).toContain(`<h2>${bodyLine}</h2>`);
    // The tables of the template become tables to fill in.
    expect(html).toContain('<th scope="col">What it looks like (something you could see)</th>');
    expect(html).toContain('<strong>Protect:</strong>');
    // Self-contained: no script, no outside stylesheet, image or font; black on white for print.
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
    expect(html).toContain('color: #000; background: #fff');
    expect(html).toContain('@media print');
  });
});
