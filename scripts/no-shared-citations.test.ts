import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The project's map is in the repository (docs/ARCHITECTURE.md, docs/STYLE.md): no file of the
 * project cites the folder of notes kept beside it on the machines it was first written on, which
 * a person who clones the repository cannot read. Proved as lint-floors.test.ts proves the floors:
 * the rule finds a citation in made-up text and passes the one beside it; the scan of the tree
 * finds a made-up file that cites the folder; then the real tree (every file git tracks or would
 * add) has none.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

// Built from parts so this file does not name the folder itself: `../<name>` or `/work/<name>`.
const name = ['sha', 'red'].join('');
const folder = `${name}/`;
const outsideCitation = new RegExp(`(?:\\.\\./|/work/)${name}\\b`);

/** The lines of `text` that name the folder outside the repository, as `line: text`. */
function outsideCitations(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => outsideCitation.test(line))
    .map(([n, line]) => `${n}: ${line.trim()}`);
}

/** Every file git tracks or would add (untracked, not ignored). */
function projectFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))];
}

/** Each line of the project's files that names the outside folder, as `file:line: text`. */
function outsideCitationsInTree(): string[] {
  const found: string[] = [];
  for (const file of projectFiles()) {
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch (error) {
      // Deleted in the working tree but not yet in git's index: nothing to read.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const line of outsideCitations(text)) found.push(`${file}:${line}`);
  }
  return found;
}

describe('the project cites its own map, not notes outside the repository', () => {
  it.each([
    // [text that cites the outside folder, the same text citing the repository's map]
    [
      '// Payments (../' + folder + 'ARCHITECTURE.md decision 9): checkout and portal.',
      '// Payments (docs/ARCHITECTURE.md, P9): checkout and portal.',
    ],
    [
      ' * A test that prints console.error fails (../' + folder + 'STYLE.md).',
      ' * A test that prints console.error fails (docs/STYLE.md).',
    ],
    [
      '// Cold page (docs: /work/' + folder + 'BENCHMARKS.md): a first visit.',
      '// Cold page (README.md, "Benchmarks"): a first visit.',
    ],
    [
      'The notes are kept beside this repository (`../' + name + '`).',
      'The map of the code is [docs/ARCHITECTURE.md](docs/ARCHITECTURE.md).',
    ],
  ])('%s is found, and the citation beside it is not', (outside, inside) => {
    expect(outsideCitations(`first line\n${outside}\nlast line`)).toEqual([`2: ${outside.trim()}`]);
    expect(outsideCitations(`first line\n${inside}\nlast line`)).toEqual([]);
  });

  it('the scan reads the real tree: a made-up file that cites the folder is found', () => {
    const file = `scripts/lint-fixtures/outside-citation-${process.pid}.md`;
    const line = 'The product notes: ../' + folder + 'product-spec.md.';
    writeFileSync(path.join(root, file), `# Notes\n\n${line}\n`);
    try {
      expect(outsideCitationsInTree()).toContain(`${file}:3: ${line}`);
    } finally {
      rmSync(path.join(root, file), { force: true });
    }
  });

  it('no project file names the folder outside the repository', () => {
    expect(projectFiles()).toEqual(expect.arrayContaining(['docs/ARCHITECTURE.md', 'eslint.config.js']));
    expect(outsideCitationsInTree()).toEqual([]);
  });
});
