import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { createMemoryLogger } from '../test/logger.js';
import { testSessionSecret } from '../test/mfa.js';
import { startDemoSso } from './sso.js';

/** `npm start`'s demo provider (decision 119): on a fixed port, so its issuer survives a restart. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const configOn = (port: number) =>
  parseConfig({
    NODE_ENV: 'development',
    PUBLIC_URL: 'http://127.0.0.1:5999',
    SESSION_SECRET: testSessionSecret,
    DEMO_OIDC_PORT: String(port),
  });

describe('the demo district sign-in', () => {
  it('listens on DEMO_OIDC_PORT, keeps its issuer across a restart, and takes a free port when it is taken', async () => {
    expect(parseConfig({ NODE_ENV: 'test', SESSION_SECRET: testSessionSecret }).demoOidcPort).toBe(4010);
    const port = await freePort();
    const logger = createMemoryLogger();
    const first = await startDemoSso(configOn(port), logger);
    const issuer = first?.config.sso.find((p) => p.id === 'oidc')?.issuer;
    expect(issuer).toBe(`http://127.0.0.1:${port}`);

    // The port taken (by the first): a free one, with a warning that says what that means.
    const second = await startDemoSso(configOn(port), logger);
    const other = second?.config.sso.find((p) => p.id === 'oidc')?.issuer;
    expect(other).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(other).not.toBe(issuer);
    expect(
      logger.entries.some((e) => e.level === 'warn' && e.message.includes(`port ${port} is taken`)),
    ).toBe(true);
    await second?.close();
    await first?.close();

    // Restarted: the same issuer, so the same demo identity is the same account.
    const again = await startDemoSso(configOn(port), logger);
    expect(again?.config.sso.find((p) => p.id === 'oidc')?.issuer).toBe(issuer);
    await again?.close();
  });
});
