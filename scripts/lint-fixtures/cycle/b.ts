// Lint fixture (scripts/lint-floors.test.ts): a two-file import cycle, a.ts <-> b.ts.
import { a } from './a';

export const b = [a];
