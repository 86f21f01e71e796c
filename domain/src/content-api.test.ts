import { describe, expect, it } from 'vitest';
import { LegalPageName, premiumRequiredMessage, PromptView } from './content-api.js';

const heading = {
  id: 'quick-lesson-plan',
  title: 'Quick Lesson Plan',
  description: 'Drafts a plan.',
  category: 'starter-templates',
};

describe('PromptView', () => {
  it('accepts an open prompt with its text and a locked one without', () => {
    expect(PromptView.safeParse({ ...heading, locked: false, prompt: 'Act as [role].' }).success).toBe(true);
    expect(PromptView.safeParse({ ...heading, locked: true, prompt: null }).success).toBe(true);
  });

  it('rejects a locked prompt that carries its text, and an open one without', () => {
    expect(PromptView.safeParse({ ...heading, locked: true, prompt: 'Act as [role].' }).success).toBe(false);
    expect(PromptView.safeParse({ ...heading, locked: false, prompt: null }).success).toBe(false);
  });
});

describe('content messages', () => {
  it('quotes the course title in the premium gate', () => {
    expect(premiumRequiredMessage('Prompt Engineering')).toBe(
      '"Prompt Engineering" is available to premium subscribers only.',
    );
  });

  it('knows exactly the two legal pages', () => {
    expect(LegalPageName.options).toEqual(['terms', 'privacy']);
    expect(LegalPageName.safeParse('constructor').success).toBe(false);
  });
});
