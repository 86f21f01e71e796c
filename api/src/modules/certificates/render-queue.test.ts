import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue.js';

describe('RenderQueue', () => {
  it('runs at most `concurrency` renders at once and one per key while it runs', async () => {
    const queue = new RenderQueue(2);
    let running = 0;
    let most = 0;
    let calls = 0;
    const gates: (() => void)[] = [];
    const render = () => {
      calls++;
      running++;
      most = Math.max(most, running);
      return new Promise<Buffer>((resolve) =>
        gates.push(() => {
          running--;
          resolve(Buffer.from('pdf'));
        }),
      );
    };
    const jobs = ['a', 'a', 'b', 'c', 'd', 'a'].map((key) => queue.run(key, render));
    while (gates.length > 0 || calls < 4) {
      await Promise.resolve();
      gates.shift()?.();
    }
    const out = await Promise.all(jobs);
    expect(out.map(String)).toEqual(['pdf', 'pdf', 'pdf', 'pdf', 'pdf', 'pdf']);
    expect(calls).toBe(4);
    expect(most).toBe(2);
  });
});
