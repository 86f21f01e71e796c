import type { TestProject } from 'vitest/node';
import { createMigratedTemplate } from './template.js';

/**
 * Vitest global setup of the api project: migrate one database once per run (PGlite, or
 * PostgreSQL with TEST_DB=pg), which every test file then copies (database.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createMigratedTemplate();
  project.provide('migratedTemplate', template);
  return remove;
}
