import { describe, expect, it } from 'vitest';
import {
  completionTime,
  earliestTeacherTime,
  fitsTeacherTime,
  msBeforeCompletion,
  type ReadingSpan,
  tooEarlyReason,
} from './time-on-task.js';

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

const min = 60_000;
/** Adds the spans one by one as the server would, answering which counted. */
function count(spans: ReadingSpan[]): boolean[] {
  const counted: ReadingSpan[] = [];
  return spans.map((span) => {
    const fits = fitsTeacherTime(counted, span);
    if (fits) counted.push(span);
    return fits;
  });
}

describe('the teacher’s time over every course (issue 30 item 3, decision 089)', () => {
  it('six courses opened at once: their completions share the teacher’s 18 minutes, not 18 each', () => {
    // Six courses of five 11-minute modules (share 0.3: 3.3 minutes of reading each), every module
    // completed as soon as its own course's rule allowed (3.3 minutes per module after opening).
    const spans: ReadingSpan[] = [];
    for (let m = 1; m <= 5; m++)
      for (let c = 0; c < 6; c++) spans.push({ from: 0, by: Math.round(m * 3.3 * min), ms: 3.3 * min });
    const counted = count(spans.filter((s) => s.by <= 18.1 * min));
    // 18.1 minutes hold 5 modules of 3.3 minutes: not 30.
    expect(counted.filter(Boolean)).toHaveLength(5);
  });

  it('a teacher who reads offline, one course after another, has every completion counted', () => {
    const spans: ReadingSpan[] = [];
    let t = 0;
    // Two courses downloaded at the start; read in turn, each module completed when read.
    for (const _course of [0, 1])
      for (let m = 1; m <= 5; m++) {
        t += 3.3 * min;
        spans.push({ from: 0, by: Math.round(t), ms: 3.3 * min });
      }
    expect(count(spans).every(Boolean)).toBe(true);
  });

  it('an offline completion synced late, dated before ones already counted, counts when it fits', () => {
    const counted: ReadingSpan[] = [{ from: 0, by: 10 * min, ms: 5 * min }];
    expect(fitsTeacherTime(counted, { from: 0, by: 4 * min, ms: 4 * min })).toBe(true);
    // It would push the counted one past its time.
    expect(fitsTeacherTime(counted, { from: 0, by: 6 * min, ms: 6 * min })).toBe(false);
  });

  it('a past that over-claimed (before the rule) never blocks a later course that has its own time', () => {
    const past: ReadingSpan[] = Array.from({ length: 6 }, () => ({ from: 0, by: 18 * min, ms: 55 * min }));
    const day = 24 * 60 * min;
    expect(fitsTeacherTime(past, { from: day, by: day + 4 * min, ms: 3.3 * min })).toBe(true);
    expect(fitsTeacherTime(past, { from: day, by: day + 3 * min, ms: 3.3 * min })).toBe(false);
  });

  it('tells the earliest minute a refused completion counts from', () => {
    const counted: ReadingSpan[] = [{ from: 0, by: 5 * min, ms: 5 * min }];
    const at = earliestTeacherTime(counted, { from: 0, by: 5 * min, ms: 5 * min });
    expect(at).toBeGreaterThanOrEqual(10 * min);
    expect(at).toBeLessThanOrEqual(11 * min);
  });
});
