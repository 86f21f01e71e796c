import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pd-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database lock', () => {
  it('refuses a second process with a clear message, and is released on close', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'pglite.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another process .*DATABASE_URL/);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // The other process is gone: its stale lock is taken over.
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});
