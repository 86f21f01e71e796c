import { describe, expect, it } from 'vitest';
import { completionTime, msBeforeCompletion, tooEarlyReason } from './time-on-task.js';

const modules = [
  { id: 1, duration: '10 min' },
  { id: 2, duration: '20 min' },
  { id: 3, duration: '15 min' },
];

describe('time on task', () => {
  it('asks a share of the stated minutes of the module and the ones before it', () => {
    expect(msBeforeCompletion(modules, 1, 0.3)).toBe(3 * 60_000);
    expect(msBeforeCompletion(modules, 2, 0.3)).toBe(9 * 60_000);
    expect(msBeforeCompletion(modules, 3, 0.5)).toBe(22.5 * 60_000);
    expect(msBeforeCompletion(modules, 3, 0)).toBe(0);
  });

  it("keeps a device's completion time within the content's arrival and the receipt", () => {
    const content = new Date('2026-11-26T10:00:00Z');
    const receipt = new Date('2026-11-26T12:00:00Z');
    const at = (iso: string) => completionTime(new Date(iso), content, receipt).toISOString();
    expect(at('2026-11-26T10:30:00Z')).toBe('2026-11-26T10:30:00.000Z');
    expect(at('2026-11-25T10:30:00Z')).toBe(content.toISOString());
    expect(at('2026-11-27T10:30:00Z')).toBe(receipt.toISOString());
    expect(completionTime(undefined, content, receipt)).toBe(receipt);
  });

  it('tells the teacher from which minute the module can be completed', () => {
    expect(tooEarlyReason(3 * 60_000)).toBe(
      'Finish reading the lesson; you can complete this module from 3 minutes after you first opened this course.',
    );
    expect(tooEarlyReason(20_000)).toContain('from 1 minute after');
  });
});
