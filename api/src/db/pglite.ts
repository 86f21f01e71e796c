import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The PostgreSQL extensions the schema uses (decision 081): `pg_trgm` and `unaccent` back the
 * user and member searches. PGlite loads an extension's code only when it is given at creation,
 * and a database whose indexes use it cannot even be written to without it, so every PGlite of the
 * project (the app, the tests' templates and copies, the benches) is made here.
 */
export const pgliteExtensions = { pg_trgm, unaccent };

/** What a PGlite is opened on: a data folder, or memory (optionally loaded from a dump). */
export type PgliteSource = { dataDir: string } | { loadDataDir?: Blob } | undefined;

/** A PGlite with the project's extensions loaded (`CREATE EXTENSION` itself is a migration's). */
export function createPglite(source: PgliteSource = {}): Promise<PGlite> {
  return PGlite.create({ ...source, extensions: pgliteExtensions });
}
