import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from './analytics';
import { trackDiscovered } from './track-more';

vi.mock('./analytics', () => ({ track: vi.fn(async () => {}) }));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(track).mockClear();
});

describe('trackDiscovered', () => {
  it('records a feature the first time this device uses it, never again', async () => {
    trackDiscovered('offline_download');
    await vi.waitFor(() => expect(track).toHaveBeenCalledTimes(1));
    trackDiscovered('offline_download');
    trackDiscovered('templates');
    await vi.waitFor(() => expect(track).toHaveBeenCalledTimes(2));
    expect(vi.mocked(track).mock.calls).toEqual([
      ['feature_discovered', { feature: 'offline_download' }],
      ['feature_discovered', { feature: 'templates' }],
    ]);
  });
});
