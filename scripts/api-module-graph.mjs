#!/usr/bin/env node
// The api's modules do not lean on each other in a loop (docs/ARCHITECTURE.md, "The api's modules";
// decision 085). Run by `npm run lint`; proven on made-up files by api-module-graph.test.ts.
//   1. No loop between the folders of api/src/modules/*: if a file of X imports a file of Y, no
//      chain of imports leads from Y back to X (type imports count: they couple the same).
//   2. Commands (api/src/commands/) are above the modules: a module's routes may call one, nothing
//      else of a module imports one, and a command never imports a module's routes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const specifierPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative import specifiers of a source text. */
export function importsOf(source) {
  const found = [];
  for (const match of source.matchAll(specifierPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('.')) found.push(specifier);
  }
  return found;
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split('/').includes('test');
/** routes.ts or mfa-routes.ts (as a source path, or as an import's .js target). */
const isRoutes = (file) => /^(.+-)?routes\.[jt]s$/.test(path.basename(file));

/** Every source file of api/src/modules and api/src/commands (tests left out), path -> text. */
export function readApiSources(root) {
  const files = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !isTest(rel))
        files.set(rel, readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  walk('api/src/modules');
  walk('api/src/commands');
  return files;
}

/** 'api/src/modules/auth/x.ts' -> 'auth'; a file elsewhere -> null. */
function moduleOf(file) {
  const m = /^api\/src\/modules\/([^/]+)\//.exec(file);
  return m ? m[1] : null;
}

/** Where a relative specifier of `file` points, as a path from the repository root. */
function resolve(file, specifier) {
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** The folder-to-folder edges, each with the files that make it: Map<from, Map<to, [file -> target]>>. */
export function moduleEdges(files) {
  const edges = new Map();
  for (const [file, source] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const specifier of importsOf(source)) {
      const target = resolve(file, specifier);
      const to = moduleOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const byTarget = edges.get(from);
      if (!byTarget.has(to)) byTarget.set(to, []);
      byTarget.get(to).push(`${file} -> ${target}`);
    }
  }
  return edges;
}

/** Each loop between module folders, as its chain of folders with the import that makes each step. */
export function moduleLoops(files) {
  const edges = moduleEdges(files);
  const loops = [];
  // Each elementary loop once: walked from its smallest folder name, through larger names only.
  const visit = (start, at, trail) => {
    for (const to of edges.get(at)?.keys() ?? []) {
      if (to === start) {
        const chain = [...trail, start];
        // The first import that makes each step of the chain.
        const imports = chain.slice(1).map((next, i) => edges.get(chain[i]).get(next)[0]);
        loops.push({ chain, imports });
      } else if (to > start && !trail.includes(to)) {
        visit(start, to, [...trail, to]);
      }
    }
  };
  for (const start of [...edges.keys()].sort()) visit(start, start, [start]);
  return loops;
}

/** Imports that break rule 2 (commands above the modules), as 'file -> target' lines. */
export function commandCrossings(files) {
  const crossings = [];
  for (const [file, source] of files) {
    for (const specifier of importsOf(source)) {
      const target = resolve(file, specifier);
      const intoCommands = target.startsWith('api/src/commands/');
      if (moduleOf(file) && intoCommands && !isRoutes(file)) crossings.push(`${file} -> ${target}`);
      if (file.startsWith('api/src/commands/') && moduleOf(target) && isRoutes(target)) {
        crossings.push(`${file} -> ${target}`);
      }
    }
  }
  return crossings;
}

/** The problems of a set of files, as lines a person can act on; empty when none. */
export function problems(files) {
  const lines = [];
  for (const loop of moduleLoops(files)) {
    lines.push(`Loop between api modules: ${loop.chain.join(' -> ')}`);
    for (const why of loop.imports) lines.push(`    ${why}`);
  }
  if (lines.length > 0) {
    lines.push(
      'Break it: move the flow that needs both into api/src/commands/, or the shared rule into domain/ or a smaller module both read (docs/ARCHITECTURE.md).',
    );
  }
  for (const crossing of commandCrossings(files)) {
    lines.push(
      `Commands are above the modules (only a module's routes call one; a command never imports routes): ${crossing}`,
    );
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const found = problems(readApiSources(root));
  if (found.length > 0) {
    console.error(found.join('\n'));
    process.exit(1);
  }
  console.log('api modules: no loop between modules; commands above them');
}
