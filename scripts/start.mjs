#!/usr/bin/env node
// `npm start`: build what is missing or stale, then serve the whole app (api + built pwa) from one
// process. Without DATABASE_URL the embedded PostgreSQL (PGlite) keeps its data in ./data.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'dist-ssr'].includes(entry.name)) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const server = join(root, 'api', 'dist', 'server.js');
const web = join(root, 'pwa', 'dist', 'index.html');
const homePage = join(root, 'pwa', 'dist-ssr', 'prerender.js');
const sources = Math.max(
  ...['domain', 'content', 'api', 'pwa', 'service-worker'].map((d) => newest(join(root, d))),
);
const built = Math.min(...[server, web, homePage].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));

if (built < sources) {
  console.log('Building the app (first start, or sources changed)...');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.chdir(root);
await import(pathToFileURL(server).href);
