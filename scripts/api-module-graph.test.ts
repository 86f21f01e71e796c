import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (run by `npm run lint`), no types.
import { importsOf, problems, readApiSources } from './api-module-graph.mjs';

/**
 * `npm run lint` runs scripts/api-module-graph.mjs: the api's modules never import each other in a
 * loop, and commands sit above them (decision 085). Proven the way lint-floors.test.ts proves the
 * floors: each case adds one made-up file to the real tree; a crossing must be reported, naming
 * the loop and the import that closes it, and the import next to it that keeps the rules must not.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const tree = (): Map<string, string> => readApiSources(root);
const withFile = (file: string, source: string) => new Map([...tree(), [file, source]]);

describe('the api modules import graph', () => {
  it('has no loop between modules and keeps commands above them today', () => {
    expect(problems(tree())).toEqual([]);
  });

  it.each([
    // [a made-up file, an import that makes a loop or crosses, what is reported, an import that does not]
    [
      'api/src/modules/access/fixture.ts',
      "import { currentUser } from '../auth/service.js';",
      'Loop between api modules: access -> auth -> access',
      "import { membershipOf } from './store.js';",
    ],
    [
      'api/src/modules/content/fixture.ts',
      "import type { SaveOutcome } from '../progress/service.js';",
      'Loop between api modules: content -> progress -> content',
      "import type { Viewer } from '../access/policy.js';",
    ],
    [
      'api/src/modules/mail/fixture.ts',
      "export { licenceRoutes } from '../licences/routes.js';",
      'Loop between api modules: licences -> mail -> licences',
      "export { inviteMail } from './templates.js';",
    ],
    [
      'api/src/modules/auth/fixture.ts',
      "const later = () => import('../../commands/sign-up.js');",
      'Commands are above the modules',
      "const later = () => import('./store.js');",
    ],
    [
      'api/src/commands/fixture.ts',
      "import { authRoutes } from '../modules/auth/routes.js';",
      'Commands are above the modules',
      "import { findUser } from '../modules/auth/service.js';",
    ],
  ])('%s: %s is refused', (file, crossing, message, allowed) => {
    const found = problems(withFile(file, `${crossing}\nexport const used = 1;\n`));
    expect(found.join('\n')).toContain(message);
    expect(found.join('\n')).toContain(file);
    expect(problems(withFile(file, `${allowed}\nexport const used = 1;\n`))).toEqual([]);
  });

  it('reads every form of import a module may use', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from '../b/service.js';",
      "import {\n  c,\n  d,\n} from '../c/service.js';",
      "export * from './e.js';",
      "export { f } from '../f/present.js';",
      "import './g.js';",
      "const h = await import('../h/service.js');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      './a.js',
      '../b/service.js',
      '../c/service.js',
      './e.js',
      '../f/present.js',
      './g.js',
      '../h/service.js',
    ]);
  });
});
