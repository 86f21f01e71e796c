import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from './analytics';
import { recordEvent, recordFeatureDiscovered } from './record-event';

vi.mock('./analytics', () => ({ track: vi.fn(async () => {}) }));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(track).mockClear();
});

describe('recordFeatureDiscovered', () => {
  it('records a feature the first time this device uses it, never again', async () => {
    recordFeatureDiscovered('offline_download');
    await vi.waitFor(() => expect(track).toHaveBeenCalledTimes(1));
    recordFeatureDiscovered('offline_download');
    recordFeatureDiscovered('templates');
    await vi.waitFor(() => expect(track).toHaveBeenCalledTimes(2));
    expect(vi.mocked(track).mock.calls).toEqual([
      ['feature_discovered', { feature: 'offline_download' }],
      ['feature_discovered', { feature: 'templates' }],
    ]);
  });
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
});
