import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const binDir = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** A PostgreSQL server of its own that a test may stop and start (the run's server stays up). */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  for (const tool of ['initdb', 'pg_ctl'])
    if (!existsSync(path.join(binDir, tool))) return `${path.join(binDir, tool)} is not installed`;
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * initdb + pg_ctl start in a temporary folder on a free port. PostgreSQL refuses to run as root:
 * as root, the tools run as the `postgres` OS user (runuser) and the folder is handed to it.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, name), ...args])
      : run(path.join(binDir, name), args);
  const dir = await mkdtemp(path.join(tmpdir(), 'pd-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const start = async () => {
    // Started already: pg_ctl would try a second server on the same folder and wait for it.
    if (running) return;
    await tool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    running = true;
  };
  const stop = async () => {
    // fast: the server ends every session at once, as a restart or failover does.
    await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async remove() {
      if (running) await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
