import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aiUseScale, checkCanon, checkCanonTexts, dataRule, dataRuleSentence, normalise } from './canon.js';
import { readContent } from './loader.js';
import { validSpec } from './test-fixtures/specs.js';

const lesson = (text: string) => [{ file: 'courses/a/modules/01-a.md', field: 'markdown', text }];

describe('the data rule, word for word (issue 29, decision 103)', () => {
  it('is one sentence with the three clauses', () => {
    expect(dataRuleSentence).toBe(
      'The data traffic light: Green data (no personal information) may go into any AI tool your school ' +
        'allows; yellow data (de-identified or internal information) goes only into a district-approved ' +
        'tool under a data privacy agreement, and only the minimum needed; red data (identifiable student ' +
        'information) never goes into a general AI tool, only into systems your district has approved for ' +
        'that data.',
    );
  });

  it('accepts a line that quotes the clause, whatever its case and emphasis', () => {
    const quoted = `IEP details are red, and **${dataRule.red.replace('red data', 'Red data')}**.`;
    expect(checkCanonTexts(lesson(quoted))).toEqual([]);
    expect(checkCanonTexts(lesson(dataRuleSentence))).toEqual([]);
  });

  it.each([
    ['never in a general tool, in other words', 'Red data never goes into a general chatbot.'],
    ['"does not belong in any prompt"', 'A behavior note is red: it does not belong in any prompt or tool.'],
    ['"if the agreement covers it"', 'Red data may go into an approved tool if the agreement covers it.'],
    ['yellow without its clause', 'Student data with names removed is yellow: only an approved tool.'],
    [
      'the colours sorted into tools without the word "data"',
      'Give it a color: green goes into any tool your school allows, red never into a general AI tool.',
    ],
  ])('refuses a paraphrase: %s', (_, text) => {
    const problems = checkCanonTexts(lesson(text));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ file: 'courses/a/modules/01-a.md', field: 'markdown' });
    expect(problems[0]?.message).toMatch(/quote the rule|contradicts the data rule/);
  });

  it('names the contradiction even beside the right clause', () => {
    const text = `Approval covers the agreement, and ${dataRule.red}, unless the agreement covers it.`;
    expect(checkCanonTexts(lesson(text)).map((p) => p.message)).toEqual([
      expect.stringContaining('"unless the agreement covers it" contradicts the data rule'),
    ]);
  });

  it('leaves a color that is not about data alone', () => {
    expect(checkCanonTexts(lesson('Mark the answer with a red pen; any tool on the desk will do.'))).toEqual(
      [],
    );
  });
});

describe('the AI-use scale, word for word', () => {
  it('accepts the five definitions in lists and tables', () => {
    const lines = aiUseScale.map((l) => `${l.level}. **${l.name}:** ${l.definition}.`);
    const rows = aiUseScale.map((l) => `| ${l.level} | **${l.name}** | ${l.definition}. Add a note. |`);
    expect(checkCanonTexts(lesson([...lines, ...rows].join('\n')))).toEqual([]);
  });

  it('refuses a level defined in other words', () => {
    const text = [
      '- **Level 3, AI Collaboration:** AI drafts, and the student edits it.',
      '| 2 | **AI Planning** | Use AI for anything except the final draft. |',
    ].join('\n');
    expect(checkCanonTexts(lesson(text)).map((p) => p.message)).toEqual([
      expect.stringMatching(/^Line 1: defines AI-use level "AI Collaboration" in its own words/),
      expect.stringMatching(/^Line 2: defines AI-use level "AI Planning" in its own words/),
    ]);
  });
});

describe('checkCanon over a content folder', () => {
  it('finds paraphrases in lessons, quiz explanations and templates, not in quiz choices', async () => {
    const report = await readContent(path.join(import.meta.dirname, 'test-fixtures/valid'), validSpec);
    expect(report.problems).toEqual([]);
    expect(checkCanon(report)).toEqual([]);
    const module = report.courses[0]?.modules[0];
    const question = module?.quiz?.[0];
    const template = report.templates[0];
    if (!module || !question || !template)
      throw new Error('The valid fixture has a module with a quiz and a template');
    const paraphrase = 'Red data does not belong in any prompt or tool.';
    module.markdown += `\n\n${paraphrase}`;
    question.explanation = 'De-identified data is yellow: only an approved tool.';
    question.choices = [
      ...question.choices.slice(0, -1),
      'Red data may go into any tool if the agreement covers it',
    ];
    template.markdown += `\n\n${paraphrase}`;
    expect(checkCanon(report).map((p) => `${p.file} ${p.field}`)).toEqual([
      'courses/open-course/modules/01-getting-started.md markdown',
      'courses/open-course/modules/01-getting-started.md markdown',
      'courses/open-course/modules/01-getting-started.md quiz.0.explanation',
      'templates/pilot-checklist.md markdown',
      'templates/pilot-checklist.md markdown',
    ]);
  });

  it('passes on the real content', async () => {
    const report = await readContent();
    expect(checkCanon(report)).toEqual([]);
  });

  it('normalises emphasis, quotes and spacing', () => {
    expect(normalise('**Red**  data’s _rule_')).toBe("red data's rule");
  });
});
