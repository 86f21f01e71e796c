// Lint fixture (scripts/lint-floors.test.ts): a two-file import cycle, a.ts <-> b.ts.
import { b } from './b';

export const a = (): string => `a${b.length}`;
