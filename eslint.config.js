import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const abs = (p) => path.join(root, p);
const subfolders = (p) =>
  readdirSync(abs(p), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Test files and the test support they share (decision 022: where tests may cross a floor). */
const testFiles = ['**/*.test.{ts,tsx}', '**/src/test/**', 'e2e/**', 'bench/**'];

/**
 * The floors (docs/ARCHITECTURE.md, "The layers"), as import-x/no-restricted-paths zones: a file in
 * `target` may not import a file in `from` (paths from the repository root; globs are matched
 * against absolute paths). `forTests` relaxes the few rules test code may cross.
 */
function floors({ forTests, apiHarness = false }) {
  const zones = [
    {
      target: 'api',
      from: ['pwa', 'service-worker'],
      message: 'The api never imports pwa code: they meet only in domain/.',
    },
    {
      target: 'pwa',
      from: ['api', 'service-worker'],
      // Decision 030: the pwa's test support (pwa/src/test/**, `apiHarness`) may start the real api
      // in-process through the api's own test support (api/src/test); nothing else of the pwa, its
      // test files included, imports api code (they use pwa/src/test/real-api.ts).
      except: apiHarness ? ['./src/test'] : [],
      message: 'The pwa never imports api code: they meet only in domain/.',
    },
    {
      target: 'service-worker',
      from: ['pwa', 'api'],
      message: 'The service worker shares names with the page through domain/ only.',
    },
    {
      target: 'api/src/db',
      from: 'api/src/modules',
      message: 'db/ is below the modules: a module may use db/, never the other way.',
    },
    {
      target: 'api/src/middleware',
      from: 'api/src/modules',
      message: 'Middleware is below the modules: pass what it needs through AppDeps.',
    },
    {
      target: ['pwa/src/lib', 'pwa/src/components'],
      from: ['pwa/src/features', 'pwa/src/offline'],
      message: 'Shared lib/ and components/ are below features/ and offline/.',
    },
    {
      target: 'domain',
      from: ['api', 'pwa', 'service-worker', 'content', 'e2e', 'bench'],
      message: 'domain/ is pure: it imports nothing of the project but itself.',
    },
  ];
  if (!forTests) {
    zones.push({
      target: 'domain',
      from: 'node_modules',
      except: ['./zod'],
      message: 'domain/ is pure: zod is its one dependency.',
    });
  }
  // A module's data access is its own: api/src/modules/X/** may not import modules/Y/**/store.ts.
  // Tests build their data through the factories in api/src/test, so they keep this rule too.
  for (const module of subfolders('api/src/modules')) {
    zones.push({
      target: `api/src/modules/${module}/**`,
      from: 'api/src/modules/**/store.ts',
      except: [abs(`api/src/modules/${module}/**`)],
      message: `Another module's store is private to it: call that module's service instead.`,
    });
  }
  // A feature does not import another feature; routes in app/ compose them.
  for (const feature of subfolders('pwa/src/features')) {
    zones.push({
      target: `pwa/src/features/${feature}/**`,
      from: 'pwa/src/features/**',
      except: [abs(`pwa/src/features/${feature}/**`)],
      message: 'A feature does not import another feature: compose them in app/.',
    });
  }
  return zones;
}

/**
 * Decision 083: one way for the pwa to call the api, one entry point to record an analytics event.
 * A screen, route or shared component imports a feature's calls from `features/<x>/api/`, never the
 * api client's requests (the client's errors and their messages stay allowed: screens show a failure
 * and branch on its status), and records events through `offline/record-event.ts`, never the
 * device's queue (whose log and send the analytics test page reads).
 */
const apiClientRequests = {
  regex: '(^|/)lib/api-client(\\.ts)?$',
  allowImportNames: ['ApiError', 'NetworkError', 'errorMessage', 'rateLimitNotice'],
  message:
    "Call the api from the feature's api/ folder (features/<x>/api/); a screen takes only the client's errors (ApiError, NetworkError, errorMessage, rateLimitNotice).",
};
/** Decision 130: the whole endpoint table, refused where a first module page would build it. */
const wholeEndpointTable = {
  name: '@pd/domain',
  importNames: ['endpoints'],
  message:
    'Use learningEndpoints (or add the call to it): the full endpoint table builds every area’s contracts on a teacher’s first module page (decision 130).',
};

const analyticsQueueRecording = {
  regex: '(^|/)offline/analytics(\\.ts)?$',
  allowImportNames: ['onAnalyticsChange', 'recentEvents', 'sendQueuedAnalytics', 'QueuedEvent'],
  message: 'Record an analytics event through offline/record-event.ts (recordEvent), not the device queue.',
};
const pwaFetch = {
  name: 'fetch',
  message: "Call the api from the feature's api/ folder (features/<x>/api/), through lib/api-client.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'coverage/**',
      'api/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      // Files that break the rules on purpose, linted by scripts/lint-floors.test.ts.
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}', 'service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported files too (for no-cycle): with the TypeScript parser.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'domain',
            'content',
            'api/tsconfig.test.json',
            'pwa',
            'service-worker',
            'service-worker/tsconfig.test.json',
            'e2e',
          ].map(abs),
          // Workspace packages resolve to their TypeScript sources, as in the typecheck.
          conditionNames: ['source', 'types', 'import', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: floors({ forTests: false }) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['domain/src/**/*.ts'],
    ignores: testFiles,
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: floors({ forTests: true }) }],
    },
  },
  {
    // The pwa's test support: the one place the pwa may import api code (decision 030).
    files: ['pwa/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: floors({ forTests: true, apiHarness: true }) },
      ],
    },
  },
  {
    // Decision 083: screens, routes and shared components call the api through features/<x>/api/.
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: [...testFiles, 'pwa/src/features/*/api/**', 'pwa/src/offline/**', 'pwa/src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [apiClientRequests, analyticsQueueRecording] }],
      'no-restricted-globals': ['error', pwaFetch],
    },
  },
  {
    // Decision 130: a module page opened first evaluates the offline engine and the module screen;
    // they take their calls from `learningEndpoints`, so the whole table (every area's contracts,
    // admin and district included) is never built on a teacher's lesson.
    files: ['pwa/src/offline/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [wholeEndpointTable] }] },
  },
  {
    // The module screen: decision 083's rules above, and decision 130's.
    files: ['pwa/src/features/module/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [apiClientRequests, analyticsQueueRecording], paths: [wholeEndpointTable] },
      ],
    },
  },
  {
    // ...and a feature's api/ folder calls it, but records events like every screen.
    files: ['pwa/src/features/*/api/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [analyticsQueueRecording] }] },
  },
);
