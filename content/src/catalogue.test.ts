import { describe, expect, it } from 'vitest';
import { catalogue, promptCatalogue } from './catalogue.js';

describe('catalogue', () => {
  it('has the ten courses of the spec with ids 1 to 10', () => {
    expect(catalogue.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(catalogue.map((c) => c.slug)).size).toBe(10);
    const free = catalogue.filter((c) => !c.isPremium).map((c) => c.slug);
    expect(free).toEqual(['ai-in-education', 'ai-tools-beyond-chatgpt']);
    const comingSoon = catalogue.filter((c) => c.isComingSoon).map((c) => c.id);
    expect(comingSoon).toEqual([7, 8, 9, 10]);
  });
  // Minutes re-timed from what a teacher does (issue 29 item 4): the sums of the modules' durations.
  it('gives module counts and minutes, except for ai-classroom-transformations', () => {
    const bySlug = Object.fromEntries(catalogue.map((c) => [c.slug, [c.totalMinutes, c.moduleCount]]));
    expect(bySlug).toEqual({
      'ai-in-education': [78, 6],
      'ai-tools-beyond-chatgpt': [40, 3],
      'prompt-engineering': [96, 7],
      'ai-readiness-workshop-part-1': [75, 6],
      'ai-readiness-workshop-part-2': [82, 7],
      'ai-governance-policy-setting': [81, 6],
      'ai-powered-gamified-learning': [75, 1],
      'teaching-ai-literacy-to-students': [60, 1],
      'ai-classroom-transformations': [null, null],
      'real-teachers-real-classrooms': [92, 6],
    });
  });
  it('has the five prompt categories of the spec', () => {
    expect(promptCatalogue.map((c) => [c.id, c.isPremium, c.promptCount])).toEqual([
      ['starter-templates', false, 5],
      ['admin-communication', true, 4],
      ['lesson-planning-activities', true, 6],
      ['gamified-learning', true, 3],
      ['scaffolding-student-use', true, 4],
    ]);
  });
});
