import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Analytics from './analytics';
import type * as RecordEvent from './record-event';

vi.mock('./analytics', () => ({ track: vi.fn(async () => {}), recordPurchase: vi.fn(async () => {}) }));

// The pwa's test files share one module graph per worker (isolate: false): a file run before this
// one may have loaded record-event.ts and the real queue already. A fresh copy of both, loaded after
// the mock, is what these tests read.
let track: typeof Analytics.track;
let recordPurchase: typeof Analytics.recordPurchase;
let recordEvent: typeof RecordEvent.recordEvent;
let recordMoment: typeof RecordEvent.recordMoment;
beforeAll(async () => {
  vi.resetModules();
  ({ track, recordPurchase } = await import('./analytics'));
  ({ recordEvent, recordMoment } = await import('./record-event'));
});

beforeEach(() => {
  vi.mocked(track).mockClear();
  vi.mocked(recordPurchase).mockClear();
});

describe('recordEvent', () => {
  it('queues the event by its name and properties, and resolves once it is queued', async () => {
    await recordEvent('prompt_copy', { promptId: 'lesson-hook' });
    expect(vi.mocked(track).mock.calls).toEqual([['prompt_copy', { promptId: 'lesson-hook' }]]);
  });

  it('never fails the screen: a queue that cannot write resolves all the same', async () => {
    vi.mocked(track).mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(recordEvent('faq_visit', {})).resolves.toBeUndefined();
    expect(track).toHaveBeenCalledWith('faq_visit', {});
  });

  it('keeps the order of events recorded in the same moment', async () => {
    await Promise.all([
      recordEvent('payment_success', { planType: 'annual', value: 69.3, currency: 'USD' }),
      recordEvent('banner_dismissed', { banner: 'promo' }),
    ]);
    expect(vi.mocked(track).mock.calls.map(([name]) => name)).toEqual([
      'payment_success',
      'banner_dismissed',
    ]);
  });
});

describe('recordMoment', () => {
  it('runs a moment of the queue once it is loaded, beside an event of the same moment', async () => {
    await Promise.all([
      recordEvent('payment_success', { planType: 'annual', value: 69.3, currency: 'USD' }),
      recordMoment((m) => m.recordPurchase('annual', 69.3)),
    ]);
    expect(track).toHaveBeenCalledTimes(1);
    expect(vi.mocked(recordPurchase).mock.calls).toEqual([['annual', 69.3]]);
  });

  it('never fails the screen', async () => {
    vi.mocked(recordPurchase).mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(recordMoment((m) => m.recordPurchase('quarterly', 21))).resolves.toBeUndefined();
  });
});
