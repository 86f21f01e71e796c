import { afterEach, vi } from 'vitest';

/** A test that prints console.error or console.warn unexpectedly fails (docs/STYLE.md). */
const calls: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  calls.push(args);
});
vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
  calls.push(args);
});

afterEach(() => {
  if (calls.length > 0) {
    const printed = calls.map((a) => a.map(String).join(' ')).join('\n');
    calls.length = 0;
    throw new Error(`Unexpected console.error/warn during the test:\n${printed}`);
  }
});
