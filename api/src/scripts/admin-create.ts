import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { limits, RegisterRequest } from '@pd/domain';
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createLogger } from '../logger.js';
import { hashPassword } from '../modules/auth/crypto.js';
import { SessionCache } from '../modules/auth/session/cache.js';
import {
  deleteMfa,
  endAllSessionsOfUser,
  findUserByEmail,
  insertUser,
  updateUser,
} from '../modules/auth/store.js';

/**
 * `npm run admin:create -- --email E --name N`: creates a verified superadmin, or promotes an
 * existing account (a new password, its sessions ended, its two-step sign-in reset). The password is asked on a terminal, or read from ADMIN_PASSWORD.
 */
async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('No terminal to ask the password on: set ADMIN_PASSWORD.');
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (q: string) =>
    new Promise<string>((resolve) => {
      rl.question(q, (a) => {
        process.stdout.write('\n');
        resolve(a);
      });
      muted = true;
    }).finally(() => {
      muted = false;
    });
  const first = await ask('Password: ');
  const second = await ask('Repeat password: ');
  rl.close();
  if (first !== second) throw new Error("Passwords don't match");
  return first;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const password = await readPassword();
  const parsed = RegisterRequest.safeParse({
    name: values.name,
    email: values.email,
    password,
    acceptTerms: true,
  });
  if (!parsed.success)
    throw new Error(
      `${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')} (usage: --email E --name N, password of at least ${limits.passwordMin} characters)`,
    );
  const config = loadConfigOrExit();
  const logger = createLogger('info');
  const database = await openDatabase(config, logger);
  try {
    await runMigrations(database);
    const now = new Date();
    const passwordHash = await hashPassword(parsed.data.password);
    const existing = await findUserByEmail(database.db, parsed.data.email);
    // This process serves no request: its cache only keeps the store's contract (a running server's
    // cache sees the change within its 2 s).
    const cache = new SessionCache();
    if (existing) {
      await updateUser(
        database.db,
        cache,
        existing.id,
        { name: parsed.data.name, passwordHash, role: 'superadmin', emailVerified: true },
        now,
      );
      await endAllSessionsOfUser(database.db, cache, existing.id);
      // A super admin who lost both the phone and the recovery codes gets back in this way: the
      // next sign-in sets two-step sign-in up again (decision 077).
      await deleteMfa(database.db, existing.id);
      logger.info(
        `promoted ${parsed.data.email} to superadmin (password changed, sessions ended, two-step sign-in to set up again at the next sign-in)`,
      );
    } else {
      await insertUser(
        database.db,
        {
          name: parsed.data.name,
          email: parsed.data.email,
          passwordHash,
          role: 'superadmin',
          emailVerified: true,
        },
        now,
      );
      logger.info(`created superadmin ${parsed.data.email}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`admin:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
