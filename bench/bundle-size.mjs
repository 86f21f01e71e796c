// The JavaScript a first visit downloads before the page can render: the entry script of
// pwa/dist/index.html plus every chunk it preloads, gzipped. Budget: 200 KiB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isMain, root, verdict } from './lib.mjs';

export const initialJsBudgetKiB = 200;

export function initialJavaScript(dist = join(root, 'pwa/dist')) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) files.add(m[1]);
  const rows = [...files].map((f) => {
    const bytes = readFileSync(join(dist, f.replace(/^\//, '')));
    return { file: f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  return { rows, gzip: rows.reduce((n, r) => n + r.gzip, 0), raw: rows.reduce((n, r) => n + r.raw, 0) };
}

export function benchBundleSize() {
  const { rows, gzip } = initialJavaScript();
  console.log('\nInitial JavaScript (entry + modulepreloads), gzip -9');
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${(r.gzip / 1024).toFixed(1).padStart(7)} KiB  ${r.file}`);
  }
  const kib = gzip / 1024;
  console.log(
    `  total ${kib.toFixed(1)} KiB (budget <= ${initialJsBudgetKiB} KiB) ${verdict(kib <= initialJsBudgetKiB)}`,
  );
  return kib <= initialJsBudgetKiB;
}

if (isMain(import.meta.url)) process.exit(benchBundleSize() ? 0 : 1);
