import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';

let app: TestApp;
let dir: string;
const indexHtml =
  '<!doctype html><html><head><title>AI Classroom Academy</title></head><body><div id="root"></div></body></html>';
const bigScript = `console.log(${JSON.stringify('hello teachers '.repeat(500))});`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pwa-dist-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"AI Classroom Academy"}');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigScript);
  // As the build leaves a chunk: compressed once, beside the file (precompress in pwa/vite.config.ts).
  writeFileSync(path.join(dist, 'assets', 'app-def456.js'), bigScript);
  writeFileSync(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(bigScript));
  const images = path.join(dir, 'images');
  mkdirSync(images);
  writeFileSync(path.join(images, 'hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await startTestApp({ pwaDist: dist, imagesDir: images });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the built pwa', () => {
  it('serves hashed assets with a year-long immutable cache, compressed', async () => {
    const res = await app.client().get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.text).toBe(bigScript);
  });

  it('sends the compressed copies the build wrote, as they are, to a browser that accepts them', async () => {
    for (const [accepts, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await app.client().get('/assets/app-def456.js', { 'accept-encoding': accepts });
      expect(res.status, accepts).toBe(200);
      expect(res.headers.get('content-encoding'), accepts).toBe(encoding);
      expect(res.headers.get('vary'), accepts).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type'), accepts).toMatch(/^application\/javascript|^text\/javascript/);
      expect(res.headers.get('cache-control'), accepts).toBe('public, max-age=31536000, immutable');
      expect(res.text, accepts).toBe(bigScript);
    }
    // The copy on disk, byte for byte: not compressed a second time.
    const sent = await new Promise<Buffer>((resolve, reject) => {
      get(`${app.url}/assets/app-def456.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve(Buffer.concat(parts)));
      }).on('error', reject);
    });
    expect(sent.equals(readFileSync(path.join(dir, 'dist', 'assets', 'app-def456.js.br')))).toBe(true);
    const plain = await app.client().get('/assets/app-def456.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(bigScript);
  });

  it('serves index.html, sw.js and the manifest with no-cache', async () => {
    for (const file of ['/', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.client().get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it.each([
    ['/signup'],
    ['/verify-sent?email=a%40b.org'],
    ['/ai-in-education/module/2'],
    ['/dev/mailbox'],
    ['/no-such-page'],
  ])('answers the client route %s with index.html (SPA fallback) and the CSP', async (route) => {
    const res = await app.client().get(route, { accept: 'text/html,application/xhtml+xml' });
    expect(res.status).toBe(200);
    expect(res.text).toBe(indexHtml);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('does not fall back for /api paths, for non-HTML requests or for missing assets', async () => {
    const api = await app.client().get('/api/unknown', { accept: 'text/html' });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect((await app.client().get('/assets/missing.js', { accept: '*/*' })).status).toBe(404);
    expect((await app.client().get('/assets/missing.js', { accept: 'text/html' })).status).toBe(404);
    expect((await app.client().get('/signup', { accept: 'application/json' })).status).toBe(404);
    const post = await app.client().request('POST', '/signup', { headers: { accept: 'text/html' } });
    expect(post.status).toBe(404);
  });

  it('serves content images at /images/', async () => {
    const res = await app.client().get('/images/hero.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect((await app.client().get('/images/missing.png', { accept: 'text/html' })).status).toBe(404);
  });
});
