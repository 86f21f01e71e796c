import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  it('takes a UUID as PostgreSQL writes it and as people type it (any case)', () => {
    const id = randomUUID();
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('turns down anything a uuid column would refuse, so the query is never sent', () => {
    const id = randomUUID();
    for (const value of [
      '',
      'not-a-uuid',
      '-'.repeat(36),
      id.replaceAll('-', ''),
      `{${id}}`,
      ` ${id}`,
      `${id}\n`,
      `${id}0`,
      id.slice(0, -1),
      id.replace(/^./, 'g'),
      `${id.slice(0, 8)}_${id.slice(9)}`,
    ])
      expect({ value, isUuid: isUuid(value) }).toEqual({ value, isUuid: false });
  });
});
