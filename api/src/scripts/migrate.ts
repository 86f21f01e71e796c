import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createLogger } from '../logger.js';

/** `npm run db:migrate`: applies the migrations to DATABASE_URL (or the embedded database). */
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
try {
  const database = await openDatabase(config, logger);
  await runMigrations(database);
  await database.close();
  logger.info('migrations applied', { driver: database.driver });
} catch (error) {
  logger.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
