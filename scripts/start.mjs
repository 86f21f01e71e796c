#!/usr/bin/env node
// `npm start`: build what is missing or stale, then serve the whole app (api + built pwa) from one
// process. Without DATABASE_URL the embedded PostgreSQL (PGlite) keeps its data in ./data.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;

/** The newest modification time of the files under `dir`, skipping `skip` folder names. */
function newest(dir, skip = ['node_modules', 'dist', 'dist-ssr']) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p, skip) : statSync(p).mtimeMs);
  }
  return t;
}

const at = (...parts) => join(root, ...parts);
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const server = at('api', 'dist', 'server.js');

// Each output against the sources it is built from. `tsc -b` rewrites only what changed, so the api's
// build is as new as its newest output file (and its build info), not as new as server.js.
const apiStale =
  !existsSync(server) ||
  Math.max(newest(at('domain', 'src')), newest(at('content', 'src')), newest(at('api', 'src'))) >
    newest(at('api', 'dist'), []);
const webBuilt = Math.min(
  mtime(at('pwa', 'dist', 'index.html')),
  mtime(at('pwa', 'dist-ssr', 'prerender.js')),
);
const webStale =
  webBuilt < Math.max(...['domain', 'content', 'pwa', 'service-worker'].map((d) => newest(at(d))));

if (apiStale || webStale) {
  console.log('Building the app (first start, or sources changed)...');
  // Always a production build, whatever NODE_ENV this server runs with: Vite builds React's
  // development version, without the service worker, when NODE_ENV=development.
  const r = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.chdir(root);
await import(pathToFileURL(server).href);
