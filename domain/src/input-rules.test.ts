import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './input-rules.js';

describe('findNulCharacter', () => {
  it('names the first field holding U+0000, at any depth, in keys too', () => {
    expect(findNulCharacter({ email: 'a@b.c', name: 'Zoë' })).toBeNull();
    expect(findNulCharacter({ name: 'a\u0000b' })).toBe('body.name');
    expect(findNulCharacter({ ops: [{ opId: 'ok' }, { opId: '\u0000' }] })).toBe('body.ops.1.opId');
    expect(findNulCharacter({ ['k\u0000']: 1 })).toBe('body.k\\u0000');
    expect(findNulCharacter('\u0000', 'path')).toBe('path');
    expect(findNulCharacter([1, null, true, 2.5])).toBeNull();
  });
});
