import type { Clock } from '../clock.js';

export interface TestClock {
  now: Clock;
  advance(ms: number): void;
  reset(): void;
}

/** Real time plus an offset the test can move forward. */
export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}
