import { describe, expect, it } from 'vitest';
import { fillLegalPlaceholders, legalPlaceholderProblems, type LegalDetails } from './legal-placeholders.js';
import { readContent } from './loader.js';

const details: LegalDetails = {
  operatorName: 'Op Ltd',
  operatorAddress: '1 Road',
  operatorContactEmail: 'legal@op.test',
  governingLaw: 'the laws of Ohio',
  hostingLocation: 'servers in Ohio',
};

describe('legal pages: details from configuration (issue 29 item 5, decision 104)', () => {
  it('fills every known detail and leaves unknown names', () => {
    expect(
      fillLegalPlaceholders(
        '{{operatorName}}, {{ operatorAddress }}: [{{operatorContactEmail}}](mailto:{{operatorContactEmail}}) {{other}}',
        details,
      ),
    ).toBe('Op Ltd, 1 Road: [legal@op.test](mailto:legal@op.test) {{other}}');
  });

  it('refuses a bracketed placeholder and an unknown detail, not a link', () => {
    const page = [
      'Write to [us](mailto:{{operatorContactEmail}}) or see [the terms](/terms).',
      '**[Placeholder for the owner to complete: the governing law.]**',
      'Hosted by {{hostingProvider}}.',
    ].join('\n');
    expect(legalPlaceholderProblems('legal/terms.md', page)).toEqual([
      {
        file: 'legal/terms.md',
        field: 'markdown',
        message: expect.stringMatching(/^Line 2: a bracketed placeholder/),
      },
      {
        file: 'legal/terms.md',
        field: 'markdown',
        message: expect.stringMatching(/^Line 3: \{\{hostingProvider\}\} is not/),
      },
    ]);
  });

  it('the real Terms and Privacy Policy use the details and carry no placeholder', async () => {
    const { legal, problems } = await readContent();
    expect(problems).toEqual([]);
    const terms = legal.terms?.markdown ?? '';
    const privacy = legal.privacy?.markdown ?? '';
    expect(terms).toContain('These terms are governed by {{governingLaw}}.');
    expect(privacy).toContain('{{hostingLocation}}');
    for (const page of [terms, privacy]) {
      expect(page).toContain('{{operatorName}}, {{operatorAddress}}');
      expect(legalPlaceholderProblems('legal', page)).toEqual([]);
    }
  });
});
