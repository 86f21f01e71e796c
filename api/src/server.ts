import { createServer } from 'node:http';
import { loadContent } from '@pd/content';
import { endpoints, paths } from '@pd/domain';
import { createApp } from './app.js';
import { systemClock } from './clock.js';
import { loadConfigOrExit } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemoDashboardUsers } from './demo/admin-users.js';
import { seedDemoLicenceGroup } from './demo/licence-group.js';
import { demoMfaSecret } from './demo/mfa-secret.js';
import { seedDemoAccounts } from './demo/seed.js';
import { startDemoSso } from './demo/sso.js';
import { createLogger } from './logger.js';
import { SessionCache } from './modules/auth/session/cache.js';
import { seedDemoAnalytics } from './demo/analytics.js';
import { applyRetention } from './modules/analytics/service.js';
import { purgeExpiredSessions } from './modules/auth/session/store.js';
import { Mailer } from './modules/mail/mailer.js';
import { remindPendingInvites } from './modules/licences/reminders.js';
import { runAssignmentNudges } from './modules/assignments/nudges.js';
import { purgeExpired } from './modules/rate-limit/store.js';
import { expireEndedSubscriptions, remindUpcomingRenewals } from './modules/payments/service.js';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

async function main(): Promise<void> {
  const database = await openDatabase(config, logger).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      logger.error(error.message);
      process.exit(1);
    }
    throw error;
  });
  await runMigrations(database);
  logger.info('database ready', {
    driver: database.driver,
    ...(database.driver === 'pglite' ? { dataDir: config.dataDir } : {}),
  });

  const seeded =
    database.driver === 'pglite' && !config.isProduction
      ? await seedDemoAccounts(database.db, logger, systemClock(), {
          secret: demoMfaSecret(config),
          sessionSecret: config.sessionSecret,
        })
      : false;

  const mailer = new Mailer({
    db: database.db,
    clock: systemClock,
    logger,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    isProduction: config.isProduction,
    ratePerMinute: config.mailRatePerMinute,
  });
  mailer.start();
  if (mailer.mode === 'dev-mailbox')
    logger.info(
      `dev mailbox: ${config.publicUrl}${paths.devMailbox()} (JSON at ${endpoints.devMailbox.path})`,
    );

  // The session micro-cache of this process (decision 012): the app's and housekeeping's writes to
  // users go through the auth module, which invalidates it.
  const sessionCache = new SessionCache();
  // Once at start (a deploy or a restart does not put due work off by the interval), then every 10
  // minutes. Each job claims its rows in the database, so every instance may run it (issue 31).
  const runHousekeeping = () => {
    const now = systemClock();
    void Promise.all([
      purgeExpiredSessions(database.db, now),
      purgeExpired(database.db, now),
      // The raw analytics events' monthly partitions: this month's and the next two made, the months
      // past ANALYTICS_RETENTION_DAYS dropped (decision 120); past days' visitor salts (issue 15).
      applyRetention({ db: database.db, clock: systemClock, config }),
      // A subscription set to cancel stops giving premium at its period end (ADR 009).
      expireEndedSubscriptions({ db: database.db, config, clock: systemClock, logger, sessionCache }),
      // An annual subscription's owner hears of the renewal a week before (the Terms promise it).
      remindUpcomingRenewals({ db: database.db, config, clock: systemClock, logger, sessionCache, mailer }),
      // Pending invitations hear again on day 3 and day 10 (issue 27), once each over every instance.
      remindPendingInvites({ db: database.db, clock: systemClock, config, mailer, logger }),
      // Assigned courses (issue 28): assigned, not started, due in 7 and 1 days, the weekly digest;
      // each e-mail claimed once over every instance (decision 115).
      runAssignmentNudges({ db: database.db, clock: systemClock, config, mailer, logger, content }),
    ]).catch((error: unknown) =>
      logger.warn('housekeeping failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  const housekeeping = setInterval(runHousekeeping, 10 * 60_000);
  housekeeping.unref();

  // Content is validated before the server listens: bad content never starts.
  const content = await loadContent();
  logger.info('content loaded', { courses: content.courses.length });
  if (seeded) {
    await seedDemoLicenceGroup(
      { db: database.db, clock: systemClock, config, mailer, sessionCache, content },
      logger,
    );
    await seedDemoDashboardUsers(database.db, systemClock());
    // A few weeks of synthetic traffic (demo data) for the analytics dashboard (issue 15).
    await seedDemoAnalytics({ db: database.db, clock: systemClock, config }, logger);
  }
  // Development without OIDC_*: "Demo district sign-in" on a local OpenID provider (decision 102).
  const demoSso = await startDemoSso(config, logger);
  const app = createApp({
    config: demoSso?.config ?? config,
    db: database.db,
    mailer,
    logger,
    content,
    sessionCache,
  });
  // An idle connection stays open longer than the usual proxy and client idle times (60 s): with
  // Node's 5 s, a request sent on a connection the server is closing fails with ECONNRESET (seen
  // under 200 teachers' steady load, and as 502s behind a load balancer).
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, app.callback());
  server.listen(config.port, () => {
    logger.info(`listening on ${config.publicUrl} (port ${config.port})`);
    runHousekeeping();
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      clearInterval(housekeeping);
      await mailer.stop();
      await demoSso?.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  logger.error('failed to start', {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
});
