import type { TestProject } from 'vitest/node';
// The api's migrate-once template (api/src/test/template.ts) for the pwa tests that start the real
// api (real-api.ts). Only pwa/src/test may import api code (eslint.config.js, decision 030).
import {
  cachedPgliteTemplate,
  createMigratedTemplate,
  postgresAdminUrl,
} from '../../../api/src/test/template';

/**
 * Vitest global setup of the pwa project: the migrated database each test file that starts the real
 * api copies (api/src/test/database.ts). On PGlite, the api's migrated dump kept between runs and
 * named by a hash of the migrations (a run migrates only when they changed: most pwa files start no
 * api and should not wait for it); with TEST_DB=pg, the api's template database of this run.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (postgresAdminUrl()) {
    const { template, remove } = await createMigratedTemplate();
    project.provide('migratedTemplate', template);
    return remove;
  }
  project.provide('migratedTemplate', await cachedPgliteTemplate());
  return undefined;
}
