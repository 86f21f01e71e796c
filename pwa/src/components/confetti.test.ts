import { afterEach, describe, expect, it, vi } from 'vitest';
import { celebrate, confettiTimings } from './confetti';

// canvas-confetti draws on a real canvas (jsdom has none): the test watches how it is asked to draw.
const fire = vi.fn(() => Promise.resolve());
const create = vi.fn(() => fire);
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { create }) }));

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  fire.mockClear();
  create.mockClear();
});

describe('celebrate (spec section 9, issue 16)', () => {
  it('draws on a canvas of its own on the main thread (no blob: worker), after 500 ms, for 3 s', async () => {
    preferReducedMotion(false);
    vi.useFakeTimers();
    const stop = celebrate();
    vi.advanceTimersByTime(confettiTimings.startDelayMs - 1);
    expect(document.querySelector('canvas')).toBeNull();
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const canvas = document.querySelector('canvas[data-celebration]');
    expect(canvas).not.toBeNull();
    expect(canvas).toHaveAttribute('aria-hidden', 'true');
    expect(create).toHaveBeenCalledWith(canvas, expect.objectContaining({ useWorker: false }));

    const firstBursts = fire.mock.calls.length;
    expect(firstBursts).toBeGreaterThan(0);
    vi.advanceTimersByTime(confettiTimings.burstEveryMs);
    expect(fire.mock.calls.length).toBeGreaterThan(firstBursts);
    vi.advanceTimersByTime(confettiTimings.durationMs);
    const afterEnd = fire.mock.calls.length;
    vi.advanceTimersByTime(confettiTimings.burstEveryMs * 4);
    expect(fire.mock.calls.length).toBe(afterEnd);
    vi.runAllTimers();
    expect(document.querySelector('canvas[data-celebration]')).toBeNull();
    stop();
  });

  it('does nothing for a teacher who prefers reduced motion', async () => {
    preferReducedMotion(true);
    vi.useFakeTimers();
    const stop = celebrate();
    vi.runAllTimers();
    await Promise.resolve();
    expect(create).not.toHaveBeenCalled();
    expect(document.querySelector('canvas')).toBeNull();
    stop();
  });

  it('stops and removes its canvas when the page stops it', async () => {
    preferReducedMotion(false);
    vi.useFakeTimers();
    const stop = celebrate();
    vi.advanceTimersByTime(confettiTimings.startDelayMs);
    await vi.waitFor(() => expect(document.querySelector('canvas[data-celebration]')).not.toBeNull());
    stop();
    expect(document.querySelector('canvas[data-celebration]')).toBeNull();
    const calls = fire.mock.calls.length;
    vi.advanceTimersByTime(confettiTimings.durationMs);
    expect(fire.mock.calls.length).toBe(calls);
  });
});
