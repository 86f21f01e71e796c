import { describe, expect, it } from 'vitest';

describe('zod in the browser (CSP: no eval)', () => {
  it('runs jitless once zod-jitless.ts has run, so it never tries `new Function`', async () => {
    await import('./zod-jitless');
    // zod's public reading of its settings, from either entry point (they share the core).
    const z = await import('zod');
    const { z: mini } = await import('zod/mini');
    expect(z.config().jitless).toBe(true);
    expect(mini.config().jitless).toBe(true);
    const tried: unknown[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        tried.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const schema = z.strictObject({ id: z.number(), title: z.string() });
      for (let i = 0; i < 5; i++)
        expect(schema.parse({ id: i, title: 'Module' })).toEqual({ id: i, title: 'Module' });
      expect(() => schema.parse({ id: 'x', title: 'Module' })).toThrow();
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(tried).toEqual([]);
  });
});
