import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, repoRoot, standardPasswordHashCost } from './config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pd-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('has working defaults outside production and persists a generated session secret', () => {
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      isHttps: false,
      nodeEnv: 'development',
      dataDir,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(config.sessionSecret);
    expect(parseConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("hashes new passwords at argon2's standard cost everywhere but the test suite", () => {
    expect(standardPasswordHashCost).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(parseConfig({ DATA_DIR: dataDir }).passwordHashCost).toEqual(standardPasswordHashCost);
    const production = parseConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://pd.example.org',
      SESSION_SECRET: 's'.repeat(32),
    });
    expect(production.passwordHashCost).toEqual(standardPasswordHashCost);
    expect(parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).passwordHashCost.memoryCost).toBe(1024);
  });

  it('resolves a relative DATA_DIR against the repository root', () => {
    expect(parseConfig({ DATA_DIR: 'some/dir', SESSION_SECRET: 's'.repeat(32) }).dataDir).toBe(
      path.join(repoRoot, 'some/dir'),
    );
  });

  it('derives PUBLIC_URL from PORT and detects https', () => {
    expect(parseConfig({ PORT: '8080', SESSION_SECRET: 's'.repeat(32) }).publicUrl).toBe(
      'http://localhost:8080',
    );
    expect(
      parseConfig({ PUBLIC_URL: 'https://academy.example.org/', SESSION_SECRET: 's'.repeat(32) }),
    ).toMatchObject({
      publicUrl: 'https://academy.example.org',
      isHttps: true,
    });
  });

  it('reads TRUST_PROXY as a number of proxies (true is 1, false and unset 0)', () => {
    const hops = (v?: string) =>
      parseConfig({ DATA_DIR: dataDir, ...(v === undefined ? {} : { TRUST_PROXY: v }) }).trustProxyHops;
    expect([hops(), hops('false'), hops('true'), hops('0'), hops('2')]).toEqual([0, 0, 1, 0, 2]);
  });

  it('refuses an http PUBLIC_URL in production unless TLS ends at a trusted proxy, whose cookies are Secure', () => {
    const production = { DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) };
    expect(() => parseConfig({ ...production, PUBLIC_URL: 'http://academy.example.org' })).toThrow(
      /PUBLIC_URL: must start with https:\/\/ in production[\s\S]*set TRUST_PROXY/,
    );
    expect(() => parseConfig({ ...production, PUBLIC_URL: 'http://10.0.0.5:3000' })).toThrow(
      /PUBLIC_URL: must start with https/,
    );
    // A trial on one machine (docker compose, http://localhost:3000) never leaves the loopback.
    expect(parseConfig(production).publicUrl).toBe('http://localhost:3000');
    expect(parseConfig({ ...production, PUBLIC_URL: 'http://127.0.0.1:4000' }).isHttps).toBe(false);
    const behindProxy = parseConfig({
      ...production,
      PUBLIC_URL: 'http://academy.example.org',
      TRUST_PROXY: '1',
    });
    expect(behindProxy.isHttps).toBe(true);
    expect(parseConfig({ ...production, PUBLIC_URL: 'https://academy.example.org' }).isHttps).toBe(true);
    // Development and tests run on http://localhost as before.
    expect(parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }).isHttps).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://academy.example.org' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
  ])('rejects %j with a message naming %s', (env, variable) => {
    expect(() => parseConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => parseConfig({ DATA_DIR: dataDir, ...env })).toThrow(new RegExp(`${variable}:`));
  });
});
