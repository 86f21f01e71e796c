import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { fakeMediaQueryList } from './media';
import { removeTestStyles } from './render';

// Dialogs, menus and tooltips are loaded on demand (off the first load); on a busy 2-core CI machine
// the first dynamic import of one can take longer than Testing Library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5_000 });

// Each file starts with empty web storage (files may share one page: the project runs them unisolated).
beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
});

// A test that prints console.error unexpectedly fails (docs/STYLE.md).
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  cleanup();
  removeTestStyles();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  if (calls.length > 0)
    throw new Error(
      `console.error was called:\n${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`,
    );
});

// jsdom lacks matchMedia (MUI's useMediaQuery) and scrollTo.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
window.scrollTo = (() => {}) as typeof window.scrollTo;
