import { limits, type FaqSection } from '@pd/domain';
import type { ContentProblem } from './loader.js';

/**
 * Figures the FAQ states that the code decides (issue 29 item 4): the quiz pass mark is
 * `limits.quizPassMark` (domain/src/limits.ts). A percentage in an answer's sentence about passing a
 * knowledge check (score, pass, complete a module) must be that constant; the check fails when the
 * constant or the FAQ changes without the other.
 */
const passSentence = /\b(?:score|pass(?:es|ed|ing)?|pass mark)\b/i;
const quizWords = /\b(?:knowledge check|quiz|module)\b/i;

export function checkFaqFacts(sections: readonly FaqSection[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  sections.forEach((section, s) =>
    section.items.forEach((item, i) => {
      const sentences = item.answer.split(/(?<=[.!?])\s+/);
      for (const sentence of sentences) {
        if (!passSentence.test(sentence) || !quizWords.test(sentence)) continue;
        for (const match of sentence.matchAll(/(\d{1,3})\s?(?:%|percent\b)/gi)) {
          if (Number(match[1]) !== limits.quizPassMark) {
            problems.push({
              file: 'faq.md',
              field: `sections.${s}.items.${i}.answer`,
              message:
                `Says the pass mark is ${match[0]}; the app's is ${limits.quizPassMark}% ` +
                '(limits.quizPassMark, domain/src/limits.ts)',
            });
          }
        }
      }
    }),
  );
  return problems;
}
