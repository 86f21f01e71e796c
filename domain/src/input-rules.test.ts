import { describe, expect, it } from 'vitest';
import { findNulCharacter, withoutBidiControls } from './input-rules.js';

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

describe('withoutBidiControls', () => {
  it('drops overrides, embeddings, isolates and marks, and keeps every script', () => {
    // A right-to-left override would print 'Ann Tsop' as 'Ann poST' on one screen and not another.
    expect(withoutBidiControls('Ann \u202ETsop\u202C')).toBe('Ann Tsop');
    expect(withoutBidiControls('\u2067علي\u2069 \u200Fx\u200E\u061C')).toBe('علي x');
    for (const name of [
      'Zoë Nguyễn-Hernández',
      'Ελένη',
      'Ирина',
      'علي حسن',
      'דנה לוי',
      'प्रिया शर्मा',
      '王小明',
    ])
      expect(withoutBidiControls(name)).toBe(name);
  });
});
