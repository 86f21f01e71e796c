import type { ContentReport, ContentProblem } from './loader.js';

/**
 * The rules every course teaches, written once (issue 29 item 3, decision 103): the data traffic
 * light and the AI-use scale (the AI Assessment Scale). Lessons, quiz explanations, tips, templates,
 * prompts and the FAQ quote these words; `content:check` (`checkCanon`) refuses a line that states
 * where a color of data may go, or defines a level of the scale, in other words.
 */

/** One clause per color: where that data may go. Quoted word for word (case and emphasis aside). */
export const dataRule = {
  green: 'green data (no personal information) may go into any AI tool your school allows',
  yellow:
    'yellow data (de-identified or internal information) goes only into a district-approved tool ' +
    'under a data privacy agreement, and only the minimum needed',
  red:
    'red data (identifiable student information) never goes into a general AI tool, only into ' +
    'systems your district has approved for that data',
} as const;

export type DataColor = keyof typeof dataRule;

/** The whole rule as one sentence, for the places that state it in full. */
export const dataRuleSentence =
  `The data traffic light: ${dataRule.green}; ${dataRule.yellow}; ${dataRule.red}.`.replace(/: g/, ': G');

/** The five levels of the AI Assessment Scale (Perkins, Furze, Roe and MacVaugh, revised 2024). */
export const aiUseScale = [
  { level: 1, name: 'No AI', definition: 'done without AI, in conditions you control' },
  {
    level: 2,
    name: 'AI Planning',
    definition: "AI for brainstorming, outlining and early research; the work is the student's",
  },
  {
    level: 3,
    name: 'AI Collaboration',
    definition: 'AI to draft or give feedback; the student critically revises and owns the result',
  },
  {
    level: 4,
    name: 'Full AI',
    definition: "AI used throughout as the student directs; the student's judgment is assessed",
  },
  { level: 5, name: 'AI Exploration', definition: 'creative, novel use of AI is itself the task' },
] as const;

/** A piece of text the check reads: where it is, and its text. */
export interface CanonText {
  file: string;
  field: string;
  text: string;
}

/** Lower case, no Markdown emphasis or backslashes, straight quotes, one space. */
export function normalise(text: string): string {
  return text
    .replace(/[*_\\]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const colorWord: Record<DataColor, RegExp> = {
  green: /\bgreen\b/i,
  yellow: /\byellow\b/i,
  red: /\bred\b/i,
};
/** The line is about data: the traffic light, or data and information. */
const dataContext = /traffic light|\bdata\b|information/i;
/** The line says which tools the data may go into. */
const ruleWords = /\b(?:never|only|unless|any|belongs?|allowed|may go|goes into)\b/i;
const toolWords = /\b(?:tools?|chatbots?|assistants?|apps?|systems?)\b/i;

/** Phrasings of the data rule that contradict it (issue 29's three variants, and "at least yellow"). */
export const contradictions: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /(?:if|unless|when) the agreement covers (?:it|them)/i,
    why: 'red data does not become fit for a general AI tool through an agreement',
  },
  {
    pattern: /(?:does not|doesn't|never) belongs? in any prompt/i,
    why: 'the rule is about tools, not prompts: red data stays in systems approved for it',
  },
  { pattern: /at least yellow/i, why: 'identifiable student information is red, not "at least yellow"' },
];

/** The lines of a text a reader takes as one statement: paragraphs and list items are single lines here. */
function lines(text: string): { line: number; text: string }[] {
  return text.split('\n').map((line, i) => ({ line: i + 1, text: line }));
}

/**
 * A line that defines a level of the scale: "Level 2, AI Planning: ...", "2. **AI Planning:** ...", or a
 * table row "| 2 | **AI Planning** | ... |" (the cell after the name is the definition).
 */
function levelDefinition(line: string): { name: string; rest: string } | null {
  const cells = line.trim().startsWith('|')
    ? line
        .split('|')
        .slice(1, -1)
        .map((cell) => normalise(cell))
    : [];
  for (const { name } of aiUseScale) {
    const at = cells.indexOf(name.toLowerCase());
    if (at >= 0 && at + 1 < cells.length) return { name, rest: cells[at + 1] ?? '' };
  }
  const plain = line
    .replace(/[*_]/g, '')
    .replace(/^\s*(?:[-+]|\d+\.)\s+/, '')
    .replace(/^level \d,\s*/i, '');
  for (const { name } of aiUseScale) {
    if (plain.toLowerCase().startsWith(`${name.toLowerCase()}:`)) {
      return { name, rest: plain.slice(name.length + 1) };
    }
  }
  return null;
}

/** Every problem with the canonical rules in these texts. */
export function checkCanonTexts(texts: readonly CanonText[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { file, field, text } of texts) {
    for (const { line, text: raw } of lines(text)) {
      const where = text.includes('\n') ? `Line ${line}: ` : '';
      const plain = normalise(raw);
      for (const { pattern, why } of contradictions) {
        const found = pattern.exec(raw);
        if (found) {
          problems.push({
            file,
            field,
            message: `${where}"${found[0]}" contradicts the data rule: ${why}. Quote the rule instead (content/src/canon.ts)`,
          });
        }
      }
      // About data: it says so, or it sends two or more of the light's colours 'into' tools.
      const colours = (Object.values(colorWord) as RegExp[]).filter((c) => c.test(raw)).length;
      const aboutData = dataContext.test(raw) || (colours >= 2 && /\binto\b/i.test(raw));
      if (aboutData && ruleWords.test(raw) && toolWords.test(raw)) {
        for (const color of Object.keys(dataRule) as DataColor[]) {
          if (colorWord[color].test(raw) && !plain.includes(normalise(dataRule[color]))) {
            problems.push({
              file,
              field,
              message:
                `${where}states where ${color} data may go in its own words; quote the rule word for ` +
                `word: "${dataRule[color]}" (content/src/canon.ts)`,
            });
          }
        }
      }
      const level = levelDefinition(raw);
      const scale = level && aiUseScale.find((l) => l.name === level.name);
      if (level && scale && !normalise(level.rest).startsWith(normalise(scale.definition))) {
        problems.push({
          file,
          field,
          message:
            `${where}defines AI-use level "${scale.name}" in its own words; quote the scale: ` +
            `"${scale.name}: ${scale.definition}" (content/src/canon.ts)`,
        });
      }
    }
  }
  return problems;
}

/** The texts of the content a teacher reads where the rules are stated; quiz choices and questions are not (a wrong choice may be wrong on purpose). */
export function canonTexts(report: ContentReport): CanonText[] {
  const texts: CanonText[] = [];
  for (const course of report.courses) {
    texts.push({ file: `courses/${course.slug}/course.md`, field: 'overview', text: course.overview });
    for (const module of course.modules) {
      const file = `courses/${course.slug}/modules/${String(module.id).padStart(2, '0')}-${module.slug}.md`;
      texts.push({ file, field: 'markdown', text: module.markdown });
      texts.push({ file, field: 'description', text: module.description });
      if ('bestPracticeTip' in module && module.bestPracticeTip) {
        texts.push({ file, field: 'bestPracticeTip', text: module.bestPracticeTip });
      }
      (module.quiz ?? []).forEach((q, i) =>
        texts.push({ file, field: `quiz.${i}.explanation`, text: q.explanation }),
      );
    }
  }
  for (const category of report.prompts) {
    const file = `prompts/${category.id}.md`;
    texts.push({ file, field: 'description', text: category.description });
    category.prompts.forEach((p, i) => {
      texts.push({ file, field: `prompts.${i}.description`, text: p.description });
      texts.push({ file, field: `prompts.${i}.prompt`, text: p.prompt });
    });
  }
  report.faq.forEach((section, s) =>
    section.items.forEach((item, i) =>
      texts.push({ file: 'faq.md', field: `sections.${s}.items.${i}.answer`, text: item.answer }),
    ),
  );
  for (const template of report.templates) {
    texts.push({ file: `templates/${template.slug}.md`, field: 'markdown', text: template.markdown });
  }
  return texts;
}

export function checkCanon(report: ContentReport): ContentProblem[] {
  return checkCanonTexts(canonTexts(report));
}
