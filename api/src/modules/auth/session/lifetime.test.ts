import { sessionLifetimes } from '@pd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth-helpers.js';
import type { TestClient } from '../../../test/client.js';
import { buildUser } from '../../../test/factories.js';

/** Issue 17, item 7 (decision 074): idle and absolute session lifetimes, by role, on the app's clock. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

async function signedIn(role: 'free' | 'license_admin' | 'superadmin'): Promise<TestClient> {
  const built = await buildUser(app.db, { role });
  const client = app.client();
  const res = await signIn(client, built.email, built.password);
  expect(res.status).toBe(200);
  return client;
}

const meStatus = async (client: TestClient) => (await client.get('/api/auth/me')).status;

describe('session lifetimes', () => {
  it('match the issue: teachers 14 days idle / 30 days absolute, admin roles 1 hour / 12 hours', () => {
    expect(sessionLifetimes).toEqual({
      teacher: { idleMs: 14 * day, absoluteMs: 30 * day },
      admin: { idleMs: hour, absoluteMs: 12 * hour },
    });
  });

  it("ends a teacher's session after 14 idle days, and keeps an active one going", async () => {
    const idle = await signedIn('free');
    const active = await signedIn('free');
    try {
      app.clock.advance(13 * day);
      expect(await meStatus(active)).toBe(200);
      app.clock.advance(day + minute);
      // 14 days and a minute since the idle one's sign-in; the active one was seen a day ago.
      expect(await meStatus(idle)).toBe(401);
      expect(await meStatus(active)).toBe(200);
    } finally {
      app.clock.reset();
    }
  });

  it("ends a teacher's session 30 days after the sign-in however active it is", async () => {
    const teacher = await signedIn('free');
    try {
      // Seen every week: alive on days 7, 14, 21 and 28.
      for (let week = 1; week <= 4; week++) {
        app.clock.advance(7 * day);
        expect(await meStatus(teacher)).toBe(200);
      }
      app.clock.advance(2 * day + minute); // 30 days and a minute since the sign-in
      expect(await meStatus(teacher)).toBe(401);
    } finally {
      app.clock.reset();
    }
  });

  it.each(['license_admin', 'superadmin'] as const)(
    "ends a %s's session after an idle hour, and 12 hours after the sign-in however active",
    async (role) => {
      const admin = await signedIn(role);
      const idle = await signedIn(role);
      try {
        // Active every 50 minutes: alive past the first hour.
        for (let i = 1; i <= 14; i++) {
          app.clock.advance(50 * minute);
          const status = await meStatus(admin);
          // 14 x 50 min = 11 h 40 min: alive; the idle one ended at the first hour.
          expect(status).toBe(200);
          if (i === 2) expect(await meStatus(idle)).toBe(401);
        }
        app.clock.advance(25 * minute); // 12 h 5 min since the sign-in
        expect(await meStatus(admin)).toBe(401);
      } finally {
        app.clock.reset();
      }
    },
  );

  it("gives an admin's cookie the 12-hour lifetime, a teacher's the 30 days", async () => {
    const expiresIn = async (role: 'free' | 'superadmin') => {
      const built = await buildUser(app.db, { role });
      const res = await signIn(app.client(), built.email, built.password);
      const cookie = res.headers.get('set-cookie') ?? '';
      const expires = /expires=([^;]+)/i.exec(cookie)?.[1];
      return Date.parse(expires ?? '') - Date.now();
    };
    const admin = await expiresIn('superadmin');
    expect(admin).toBeGreaterThan(11 * hour);
    expect(admin).toBeLessThanOrEqual(12 * hour);
    expect(await expiresIn('free')).toBeGreaterThan(29 * day);
  });
});
