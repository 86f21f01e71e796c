import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import type { UserRow } from '../db/schema.js';
import { dashboard } from '../modules/analytics/service.js';
import { testContent } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { createMemoryLogger } from '../test/logger.js';
import { demoAnalyticsMarker, seedDemoAnalytics } from './analytics.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('demo analytics', () => {
  it('fills three weeks of the dashboard with traffic marked as demo data', async () => {
    const logger = createMemoryLogger();
    const now = new Date('2026-11-23T12:00:00.000Z');
    const config = parseConfig({ NODE_ENV: 'test' });
    const count = await seedDemoAnalytics({ db: testDb.database.db, clock: () => now, config }, logger);
    expect(count).toBeGreaterThan(1000);
    const content = await testContent();
    const d = await dashboard({ db: testDb.database.db, content }, { role: 'superadmin' } as UserRow, {
      from: '2026-11-02',
      to: '2026-11-22',
    });
    expect(d.series.every((s) => s.visitors > 0 && s.pageViews >= s.visitors)).toBe(true);
    // A visit across midnight counts a visitor on each day.
    expect(d.totals.visitors).toBeGreaterThanOrEqual(d.totals.sessions);
    expect(d.lastTouch.campaign.map((c) => c.value)).toEqual(
      expect.arrayContaining(['fall', 'back-to-school']),
    );
    expect(logger.entries.map((e) => e.message).join('\n')).toContain(demoAnalyticsMarker);
  });
});
