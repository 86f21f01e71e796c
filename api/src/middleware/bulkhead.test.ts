import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { KnownUnavailable } from '../errors.js';
import { bulkhead } from './bulkhead.js';

/** A request whose work ends when the test says so. */
function request() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const state = { started: false, finish };
  const next = async () => {
    state.started = true;
    await done;
  };
  return { state, next };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const ctx = {} as Context;

describe('bulkhead (decision 107)', () => {
  it('runs `concurrent` requests at once, the next ones in order of arrival, and refuses one past the queue with 503 and Retry-After', async () => {
    const turns = bulkhead({ concurrent: 2, queue: 2, retryAfterSeconds: 3 });
    const requests = Array.from({ length: 4 }, request);
    const served = requests.map((r) => turns(ctx, r.next));
    await flush();
    expect(requests.map((r) => r.state.started)).toEqual([true, true, false, false]);

    const refused = await turns(ctx, async () => {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KnownUnavailable);
    expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': '3' } });

    requests[1]!.state.finish();
    await flush();
    expect(requests.map((r) => r.state.started)).toEqual([true, true, true, false]);
    requests[0]!.state.finish();
    await flush();
    expect(requests[3]!.state.started).toBe(true);
    for (const r of requests) r.state.finish();
    await Promise.all(served);

    // Every slot is free again: two run at once, a third waits.
    const again = Array.from({ length: 3 }, request);
    const more = again.map((r) => turns(ctx, r.next));
    await flush();
    expect(again.map((r) => r.state.started)).toEqual([true, true, false]);
    for (const r of again) r.state.finish();
    await Promise.all(more);
  });

  it('frees the slot of a request that failed', async () => {
    const turns = bulkhead({ concurrent: 1, queue: 0, retryAfterSeconds: 1 });
    await expect(turns(ctx, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let ran = false;
    await turns(ctx, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
