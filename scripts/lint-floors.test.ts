import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` guards the floors (decision 022): each line below is a new file that does not
 * exist, linted by the project's own eslint.config.js as if it were at that path. A crossing must
 * fail with the rule's message; the import next to it that respects the floors must not.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const zone = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lint(file: string, code: string): Promise<ESLint.LintResult> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`no lint result for ${file}`);
  return result;
}

/** The messages of `rule` (the floor rules' by default) for one import line in a file at `file`. */
async function crossings(file: string, importLine: string, rule = zone): Promise<string[]> {
  const result = await lint(file, `${importLine}\n\nexport const used = [x];\n`);
  const unexpected = result.messages.filter((m) => m.fatal || m.ruleId === null);
  expect(unexpected, `lint of ${file} failed`).toEqual([]);
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('lint guards the floors', () => {
  it.each([
    // [file, an import that crosses a floor, what the message says, an import that does not]
    [
      'api/src/fixture.ts',
      "import { x } from '../../pwa/src/lib/api-client';",
      'The api never imports pwa code',
      "import { x } from './config.js';",
    ],
    [
      'pwa/src/lib/fixture.ts',
      "import { x } from '../../../api/src/config.js';",
      'The pwa never imports api code',
      "import { x } from '@pd/domain';",
    ],
    [
      'service-worker/src/fixture.ts',
      "import { x } from '../../pwa/src/lib/api-client';",
      'The service worker shares names with the page through domain/ only',
      "import { x } from '@pd/domain';",
    ],
    [
      'api/src/db/fixture.ts',
      "import { x } from '../modules/auth/store.js';",
      'db/ is below the modules',
      "import { x } from './schema.js';",
    ],
    [
      'api/src/middleware/fixture.ts',
      "import { x } from '../modules/auth/service.js';",
      'Middleware is below the modules',
      "import { x } from '../config.js';",
    ],
    [
      'api/src/modules/progress/fixture.ts',
      "import { x } from '../auth/store.js';",
      "Another module's store is private to it",
      "import { x } from './store.js';",
    ],
    [
      'api/src/modules/progress/fixture.ts',
      "import { x } from '../certificates/store.js';",
      "Another module's store is private to it",
      "import { x } from '../auth/service.js';",
    ],
    [
      'pwa/src/features/catalogue/fixture.tsx',
      "import { x } from '../course/course-gates';",
      'A feature does not import another feature',
      "import { x } from './course-card';",
    ],
    [
      'pwa/src/lib/fixture.ts',
      "import { x } from '../offline/db';",
      'Shared lib/ and components/ are below features/ and offline/',
      "import { x } from './api-client';",
    ],
    [
      'pwa/src/components/fixture.tsx',
      "import { x } from '../features/faq/faq-page';",
      'Shared lib/ and components/ are below features/ and offline/',
      "import { x } from '../lib/paths';",
    ],
    [
      'domain/src/fixture.ts',
      "import { x } from '@pd/content';",
      'domain/ is pure: it imports nothing of the project but itself',
      "import { x } from './limits';",
    ],
    [
      'domain/src/fixture.ts',
      "import { x } from 'koa';",
      'domain/ is pure: zod is its one dependency',
      "import { x } from 'zod';",
    ],
    // Decision 030: the pwa's test support may start the real api through api/src/test...
    [
      'pwa/src/test/fixture.ts',
      "import { x } from '../../../api/src/config.js';",
      'The pwa never imports api code',
      "import { x } from '../../../api/src/test/app.js';",
    ],
    // ...a pwa test file goes through that support...
    [
      'pwa/src/offline/fixture.test.ts',
      "import { x } from '../../../api/src/test/app.js';",
      'The pwa never imports api code',
      "import { x } from '../test/real-api';",
    ],
    // ...and app code still never imports the api, its test support included.
    [
      'pwa/src/offline/fixture.ts',
      "import { x } from '../../../api/src/test/app.js';",
      'The pwa never imports api code',
      "import { x } from '@pd/domain';",
    ],
  ])('%s: %s fails, and the import beside it passes', async (file, crossing, message, allowed) => {
    const found = await crossings(file, crossing);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
    expect(await crossings(file, allowed)).toEqual([]);
  });

  // Decision 083: one way for the pwa to call the api, one entry point to record an analytics event.
  const callApi = "Call the api from the feature's api/ folder (features/<x>/api/)";
  const recordEvent = 'Record an analytics event through offline/record-event.ts';
  const wholeTable = 'Use learningEndpoints';
  it.each([
    // [file, an import that breaks the convention, what the message says, an import that keeps it]
    [
      'pwa/src/features/faq/fixture.tsx',
      "import { apiGet as x } from '../../lib/api-client';",
      callApi,
      "import { useFaq as x } from './api/get-faq';",
    ],
    // A screen keeps the client's errors, to show a failure and branch on its status.
    [
      'pwa/src/features/templates/fixture.tsx',
      "import { urlOf as x } from '../../lib/api-client';",
      callApi,
      "import { ApiError as x } from '../../lib/api-client';",
    ],
    [
      'pwa/src/features/auth/components/fixture.tsx',
      "import * as x from '../../../lib/api-client';",
      callApi,
      "import { errorMessage as x } from '../../../lib/api-client';",
    ],
    [
      'pwa/src/app/fixture.tsx',
      "import { apiSend as x } from '../lib/api-client';",
      callApi,
      "import { rateLimitNotice as x } from '../lib/api-client';",
    ],
    [
      'pwa/src/components/fixture.tsx',
      "import { apiGet as x } from '../lib/api-client';",
      callApi,
      "import { NetworkError as x } from '../lib/api-client';",
    ],
    // A feature's api/ folder calls the api...
    [
      'pwa/src/features/faq/api/fixture.ts',
      "import { track as x } from '../../../offline/analytics';",
      recordEvent,
      "import { apiGet as x } from '../../../lib/api-client';",
    ],
    // ...and every screen records an event through the one entry point, not the device's queue...
    [
      'pwa/src/features/module/fixture.tsx',
      "import { recordModuleStarted as x } from '../../offline/analytics';",
      recordEvent,
      "import { recordMoment as x } from '../../offline/record-event';",
    ],
    // ...whose log the analytics test page may still read.
    [
      'pwa/src/features/analytics/fixture.tsx',
      "import { track as x } from '../../offline/analytics';",
      recordEvent,
      "import { recentEvents as x } from '../../offline/analytics';",
    ],
    // Decision 130: the offline engine and the module screen build the learning calls' contracts only.
    [
      'pwa/src/offline/fixture.ts',
      "import { endpoints as x } from '@pd/domain';",
      wholeTable,
      "import { learningEndpoints as x } from '@pd/domain';",
    ],
    [
      'pwa/src/features/module/fixture.tsx',
      "import { endpoints as x } from '@pd/domain';",
      wholeTable,
      "import { learningEndpoints as x } from '@pd/domain';",
    ],
  ])('%s: %s fails, and the import beside it passes', async (file, breaking, message, allowed) => {
    const found = await crossings(file, breaking, 'no-restricted-imports');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
    expect(await crossings(file, allowed, 'no-restricted-imports')).toEqual([]);
  });

  it.each([
    ['pwa/src/offline/fixture.ts', "import { apiSend as x } from '../lib/api-client';"],
    ['pwa/src/offline/fixture.ts', "import { track as x } from './analytics';"],
    ['pwa/src/lib/fixture.ts', "import { apiGet as x } from './api-client';"],
    ['pwa/src/features/faq/fixture.test.tsx', "import { apiGet as x } from '../../lib/api-client';"],
  ])('%s keeps its own calls: %s passes', async (file, allowed) => {
    expect(await crossings(file, allowed, 'no-restricted-imports')).toEqual([]);
  });

  it("a screen does not fetch the api itself; its feature's api/ folder may", async () => {
    const code = "export const x = () => fetch('/api/content/faq');\n";
    const screen = await lint('pwa/src/features/faq/fixture.tsx', code);
    expect(screen.messages.map((m) => [m.ruleId, m.message])).toEqual([
      [
        'no-restricted-globals',
        expect.stringContaining("Call the api from the feature's api/ folder (features/<x>/api/)"),
      ],
    ]);
    const call = await lint('pwa/src/features/faq/api/fixture.ts', code);
    expect(call.messages).toEqual([]);
  });

  it('domain/ imports no Node.js module', async () => {
    const result = await lint(
      'domain/src/fixture.ts',
      "import { x } from 'node:fs';\n\nexport const y = [x];\n",
    );
    expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-nodejs-modules');
  });

  it('an import cycle fails (import-x/no-cycle)', async () => {
    // Two real files that import each other, kept out of `eslint .` by the config's ignores.
    const withFixtures = new ESLint({ cwd: root, ignore: false });
    const results = await withFixtures.lintFiles(['scripts/lint-fixtures/cycle/a.ts']);
    expect(results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.message]))).toEqual([
      ['import-x/no-cycle', 'Dependency cycle detected'],
    ]);
  });
});
