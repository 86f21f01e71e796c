import { describe, expect, it } from 'vitest';
import { templateBlocks, templateInline, templatesForCourse, templatesForModule } from './template-rules.js';

describe('templates', () => {
  const list = [
    { slug: 'a', usedIn: ['course-one/2', 'course-two/1'] },
    { slug: 'b', usedIn: ['course-one/3'] },
  ];

  it('finds the templates of a module and of a course from usedIn', () => {
    expect(templatesForModule(list, 'course-one', 2).map((t) => t.slug)).toEqual(['a']);
    expect(templatesForModule(list, 'course-one', 1)).toEqual([]);
    expect(templatesForCourse(list, 'course-one').map((t) => t.slug)).toEqual(['a', 'b']);
    expect(templatesForCourse(list, 'course-two').map((t) => t.slug)).toEqual(['a']);
    // A slug that is a prefix of another is not the same course.
    expect(templatesForCourse(list, 'course')).toEqual([]);
  });

  it('reads bold and italic, and keeps fill-in lines as text', () => {
    expect(templateInline('**Name:** ______ and *why*')).toEqual([
      { text: 'Name:', bold: true },
      { text: ' ______ and ' },
      { text: 'why', italic: true },
    ]);
  });

  it('reads headings, checkbox lists, numbered lists, tables, rules and paragraphs', () => {
    const blocks = templateBlocks(
      [
        '## Team',
        '',
        '| Name | Date |',
        '| --- | --- |',
        '| ____ | |',
        '',
        '- [ ] Read the policy',
        '- Plain item',
        '',
        '1. First',
        '2. Second',
        '',
        '---',
        '',
        'Signed: ____',
        'Date: ____',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: [{ text: 'Team' }] },
      {
        kind: 'table',
        header: [[{ text: 'Name' }], [{ text: 'Date' }]],
        rows: [[[{ text: '____' }], []]],
      },
      {
        kind: 'list',
        ordered: false,
        items: [
          { checkbox: true, text: [{ text: 'Read the policy' }] },
          { checkbox: false, text: [{ text: 'Plain item' }] },
        ],
      },
      {
        kind: 'list',
        ordered: true,
        items: [
          { checkbox: false, text: [{ text: 'First' }] },
          { checkbox: false, text: [{ text: 'Second' }] },
        ],
      },
      { kind: 'rule' },
      { kind: 'paragraph', lines: [[{ text: 'Signed: ____' }], [{ text: 'Date: ____' }]] },
    ]);
  });
});
