/**
 * `npm run content:check`: validates every content file, prints each problem as
 * `file: field: message`, then a summary; exits 1 on any problem.
 */
import path from 'node:path';
import { defaultContentRoot, formatProblem, readContent } from './loader.js';
import { checkCanon } from './canon.js';
import { checkFaqFacts } from './faq-facts.js';
import { checkQuizzes, formatQuizFigures } from './quiz-rules.js';
import { checkTimes, formatTimeFigures } from './time-rules.js';
import { moduleEntries } from './written-modules.js';

const root = path.resolve(process.argv[2] ?? defaultContentRoot);
const report = await readContent(root);
// Issue 19's editorial rules, over every module read: quizzes, review dates, honest time.
const entries = moduleEntries(report.courses);
const quizzes = checkQuizzes(entries);
const times = checkTimes(entries, new Date().toISOString().slice(0, 10));
// Issue 29: the data rule and the AI-use scale, quoted word for word (decision 103).
report.problems.push(...quizzes.problems, ...times.problems, ...checkCanon(report));
// Issue 29: the FAQ's pass mark is the app's (limits.quizPassMark).
report.problems.push(...checkFaqFacts(report.faq));

for (const problem of report.problems) console.log(formatProblem(problem));

console.log(formatQuizFigures(quizzes.figures));
console.log(formatTimeFigures(times.figures));
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const modules = report.courses.reduce((total, course) => total + course.modules.length, 0);
console.log(
  `content:check: ${count(report.courses.length, 'course')}, ${count(modules, 'module')}, ` +
    `${count(report.prompts.length, 'prompt category', 'prompt categories')}, ` +
    `${count(report.faq.length, 'FAQ section')} — ${count(report.problems.length, 'problem')}`,
);
process.exitCode = report.problems.length > 0 ? 1 : 0;
