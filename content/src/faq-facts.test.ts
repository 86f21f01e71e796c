import { describe, expect, it } from 'vitest';
import { limits, type FaqSection } from '@pd/domain';
import { checkFaqFacts } from './faq-facts.js';
import { readContent } from './loader.js';

const faq = (answer: string): FaqSection[] => [
  { id: 'courses-content', title: 'Courses & Content', items: [{ question: 'How do I pass?', answer }] },
];

describe("the FAQ's pass mark (issue 29 item 4)", () => {
  it('is the constant', () => {
    expect(limits.quizPassMark).toBe(70);
    const answer = `You need a score of at least ${limits.quizPassMark}% to complete the module.`;
    expect(checkFaqFacts(faq(answer))).toEqual([]);
  });

  it('fails when the FAQ states another pass mark', () => {
    expect(
      checkFaqFacts(faq('Each module ends with a quiz. You need to score 80% to pass the module.')),
    ).toEqual([
      {
        file: 'faq.md',
        field: 'sections.0.items.0.answer',
        message: "Says the pass mark is 80%; the app's is 70% (limits.quizPassMark, domain/src/limits.ts)",
      },
    ]);
  });

  it('leaves other percentages alone', () => {
    expect(
      checkFaqFacts(faq('Enter LAUNCH30 to get 30% off. Groups show High Usage at 80% of seats.')),
    ).toEqual([]);
  });

  it('holds for the real FAQ, which states the pass mark', async () => {
    const { faq: sections } = await readContent();
    expect(checkFaqFacts(sections)).toEqual([]);
    const answers = sections.flatMap((s) => s.items.map((i) => i.answer)).join('\n');
    expect(answers).toContain(`at least ${limits.quizPassMark}%`);
  });
});
