import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backgroundRead, backgroundSlice, inSlices, restAfter, sliceMs } from './turns.js';

/** Counts the turns of the event loop until `done()`: one tick per turn, in the turn's check phase. */
function turnCounter() {
  let turn = 0;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      await nextTurn();
      turn += 1;
    }
  })();
  return { now: () => turn, stop: () => (stopped = true) };
}

describe('backgroundSlice', () => {
  it('gives the downloads in progress one slice per turn of the event loop between them, in the order they asked', async () => {
    const turns = turnCounter();
    const slices: { download: number; turn: number }[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (download) => {
        for (let i = 0; i < 10; i++) {
          await backgroundSlice();
          slices.push({ download, turn: turns.now() });
        }
      }),
    );
    turns.stop();
    expect(slices).toHaveLength(50);
    // Never two slices in one turn: whatever else the process serves waits for one slice at most.
    expect(new Set(slices.map((s) => s.turn)).size).toBe(50);
    // Round robin: each download's next slice comes after the other four.
    expect(slices.slice(0, 10).map((s) => s.download)).toEqual([0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
  });

  it("gives the next slice a slice's length after the last one: the downloads leave the process about half of its time", async () => {
    // The process's clock is the fake one (the timers), so the test does not hang on the machine's speed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date', 'performance'] });
    try {
      let granted = 0;
      const downloads = [0, 1, 2].map(async () => {
        for (let i = 0; i < 2; i++) {
          await backgroundSlice();
          granted += 1;
        }
      });
      // The first slice in the next turn of the event loop.
      await nextTurn();
      await nextTurn();
      expect(granted).toBe(1);
      for (let slice = 2; slice <= 6; slice++) {
        await vi.advanceTimersByTimeAsync(sliceMs - 1);
        await nextTurn();
        expect(granted).toBe(slice - 1);
        await vi.advanceTimersByTimeAsync(1);
        expect(granted).toBe(slice);
      }
      await Promise.all(downloads);
      // Nobody waiting: the next download's first slice comes in the next turn, not a slice later.
      await vi.advanceTimersByTimeAsync(sliceMs);
      let late = false;
      const lone = backgroundSlice().then(() => (late = true));
      await nextTurn();
      await nextTurn();
      expect(late).toBe(true);
      await lone;
      // The pump stops once nobody waits (the other tests start from that state).
      await vi.advanceTimersByTimeAsync(sliceMs);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a request that arrives meanwhile in before the next slice', async () => {
    const order: string[] = [];
    const download = (async () => {
      for (let i = 0; i < 3; i++) {
        await backgroundSlice();
        order.push(`slice ${i}`);
      }
    })();
    await backgroundSlice();
    order.push('request');
    await download;
    expect(order.indexOf('request')).toBeLessThan(order.indexOf('slice 2'));
  });
});

describe('inSlices', () => {
  it('writes every item once and in order, at least one a slice', async () => {
    const items = Array.from({ length: 500 }, (_, i) => i);
    const chunks: string[] = [];
    for await (const chunk of inSlices(items, (i) => `${i},`)) chunks.push(chunk);
    expect(chunks.every((c) => c.length > 0)).toBe(true);
    expect(chunks.join('')).toBe(items.map((i) => `${i},`).join(''));
  });

  it('writes nothing for no items', async () => {
    const chunks: string[] = [];
    for await (const chunk of inSlices([], () => 'x')) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });
});

describe('backgroundRead', () => {
  it("runs the downloads' reads one at a time, in the order asked, and a failed read does not hold up the next", async () => {
    let running = 0;
    let most = 0;
    const log: string[] = [];
    const read = (name: string, fail = false) =>
      backgroundRead(async () => {
        running += 1;
        most = Math.max(most, running);
        await nextTurn();
        await nextTurn();
        running -= 1;
        log.push(name);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([read('a'), read('b', true), read('c'), read('d')]);
    expect(most).toBe(1);
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'c' });
  });

  it('rests as long as a read took before the next read starts, while the caller has its rows at once', async () => {
    // A fresh module: the queue of reads is the module's, and the test above leaves its last rest
    // on the real clock, which the fake one would wait for (it failed in CI on a busy machine).
    vi.resetModules();
    const { backgroundRead } = await import('./turns.js');
    vi.useFakeTimers();
    try {
      const started: number[] = [];
      const read = (name: string, ms: number) =>
        backgroundRead(async () => {
          started.push(Date.now());
          await new Promise((resolve) => setTimeout(resolve, ms));
          return name;
        });
      const t0 = Date.now();
      let firstDone = false;
      const first = read('a', 300).then((v) => ((firstDone = true), v));
      const second = read('b', 50);
      await vi.advanceTimersByTimeAsync(300);
      expect(firstDone).toBe(true);
      expect(started.map((t) => t - t0)).toEqual([0]);
      await vi.advanceTimersByTimeAsync(299);
      expect(started).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(started.map((t) => t - t0)).toEqual([0, 600]);
      await vi.advanceTimersByTimeAsync(100);
      expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('restAfter', () => {
  afterEach(() => vi.useRealTimers());

  it('rests as long as the batch worked, at most 5 s', async () => {
    vi.useFakeTimers();
    for (const [worked, rest] of [
      [120, 120],
      [9_000, 5_000],
      [-3, 0],
    ] as const) {
      let done = false;
      void restAfter(worked).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(Math.max(rest - 1, 0));
      expect(done && rest > 0).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    }
  });
});
