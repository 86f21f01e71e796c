import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';
import { ingest } from '../modules/analytics/service.js';

/** Every demo session's attribution carries this term: the dashboard's figures are demo data. */
export const demoAnalyticsMarker = 'demo-data';

const pages = [
  '/',
  '/prompts',
  '/faq',
  '/templates',
  '/ai-in-education',
  '/ai-in-education/module/1',
  '/ai-tools-beyond-chatgpt',
];
const sources = [
  { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'fall' },
  { utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'back-to-school' },
  { referrer: 'https://www.google.com' },
  {},
  {},
];

/** A small deterministic generator: the same demo traffic on every fresh start. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Development only, on the first start of an empty database (after the demo accounts): three weeks
 * of plausible anonymous traffic through the real ingest, so /admin/analytics has something to show.
 * Every session's attribution says `utm_term: 'demo-data'`.
 */
export async function seedDemoAnalytics(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  logger: Logger,
): Promise<number> {
  const rand = random(15);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const now = deps.clock().getTime();
  let count = 0;
  for (let day = 21; day >= 1; day--) {
    const weekday = new Date(now - day * 86_400_000).getUTCDay();
    const visits = Math.round((weekday === 0 || weekday === 6 ? 12 : 30) * (0.7 + rand() * 0.6));
    const events: unknown[] = [];
    for (let v = 0; v < visits; v++) {
      const sessionId = randomUUID();
      const deviceId = randomUUID();
      let at = now - day * 86_400_000 + Math.floor(rand() * 12 * 3_600_000);
      const source = pick(sources);
      const attribution = { ...source, utm_term: demoAnalyticsMarker };
      const e = (name: string, path: string, props: Record<string, unknown>) => {
        events.push({
          id: randomUUID(),
          name,
          at: new Date(at).toISOString(),
          sessionId,
          deviceId,
          userId: 'anonymous',
          path,
          props,
        });
      };
      e('session_started', '/', { attribution, firstTouch: attribution });
      const views = 1 + Math.floor(rand() * 5);
      for (let p = 0; p < views; p++) {
        const path = p === 0 ? '/' : pick(pages);
        e('page_view', path, {});
        const seconds = 5 + Math.floor(rand() * 180);
        at += seconds * 1000;
        e('time_on_page', path, { seconds });
        if (path === '/faq') e('faq_visit', path, {});
        if (path === '/prompts') e('prompt_library_visit', path, {});
      }
      if (rand() < 0.1) e('upgrade_modal_opened', '/', {});
    }
    for (let i = 0; i < events.length; i += 100) {
      await ingest(deps, { user: null }, events.slice(i, i + 100));
    }
    count += events.length;
  }
  logger.info(
    `demo analytics: ${count} synthetic events over 21 days (attribution term '${demoAnalyticsMarker}')`,
  );
  return count;
}
