import type { Clock } from '../clock.js';

export interface TestClock {
  now: Clock;
  advance(ms: number): void;
  /** Takes the offset back to zero (a frozen clock stays frozen). */
  reset(): void;
  /**
   * Stops the clock at its present time: from then on only `advance` moves it. For tests whose
   * answer depends on where real time falls in a window (a 30 s two-step code step), so a boundary
   * crossed while the machine is slow cannot change it.
   */
  freeze(): void;
}

/** Real time plus an offset the test can move forward; or, once frozen, a fixed time plus it. */
export function createTestClock(): TestClock {
  let offset = 0;
  let frozenAt: number | null = null;
  return {
    now: () => new Date((frozenAt ?? Date.now()) + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
    freeze: () => {
      frozenAt ??= Date.now();
    },
  };
}
