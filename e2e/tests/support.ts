import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;
/** A unique address for a journey, so journeys never depend on each other's data. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@school.test`;
}

type MailboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
};

/** Waits for the newest dev-mailbox message to `to` whose subject matches, and returns its links. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/mailbox');
        if (!res.ok()) return false;
        const { messages } = (await res.json()) as { messages: MailboxMessage[] };
        found = messages.find(
          (m) => m.to.toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject),
        );
        return Boolean(found);
      },
      { timeout: 15_000, message: `a mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found as MailboxMessage;
}

/** Runs axe on the page and fails on any serious or critical violation, naming each one. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Scan the settled page: mid-fade (MUI transitions), text at partial opacity reads as low contrast.
  // Only finite animations are awaited (a spinner or skeleton pulse never ends); at most 5 s.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

/**
 * A new verified teacher, made through the real calls (register, the link from the dev mailbox),
 * then signed in: `page` carries the session cookie.
 */
export async function signUpTeacher(
  page: Page,
  name: string,
  password = 'teacher-passphrase',
): Promise<string> {
  const prefix =
    name
      .normalize('NFD')
      .replace(/[^a-z]/gi, '')
      .toLowerCase()
      .slice(0, 12) || 'teacher';
  const email = uniqueEmail(prefix);
  await page.goto('/');
  const origin = new URL(page.url()).origin;
  const headers = { Origin: origin };
  const register = await page.request.post('/api/auth/register', {
    data: { name, email, password, acceptTerms: true, marketingOptIn: false, marketing_opt_in: false },
    headers,
  });
  expect(register.status(), await register.text()).toBe(201);
  const mail = await waitForMail(page.request, email, /verify/i);
  const link = mail.links.find((l) => l.includes('/api/auth/verify-email'));
  expect(link).toBeTruthy();
  await page.request.get(link!);
  const login = await page.request.post('/api/auth/login', { data: { email, password }, headers });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/');
  return email;
}

export interface QuizQuestion {
  question: string;
  choices: string[];
  answer: number;
}
export interface CourseModule {
  id: number;
  title: string;
  quiz: QuizQuestion[];
}

/** The course as the api serves it to this signed-in page (for the answer keys). */
export async function fetchCourse(
  page: Page,
  slug: string,
): Promise<{ title: string; modules: CourseModule[] }> {
  const res = await page.request.get(`/api/content/courses/${slug}`);
  expect(res.status()).toBe(200);
  const { course } = (await res.json()) as { course: { title: string; modules: CourseModule[] } };
  return course;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Answers one question of the Knowledge Check through the UI. */
export async function answerQuestion(page: Page, q: QuizQuestion, choice: number) {
  const group = page.getByRole('group', { name: new RegExp(escapeRegExp(q.question)) });
  await group.getByRole('radio', { name: q.choices[choice], exact: true }).check();
  await group.getByRole('button', { name: 'Check Answer' }).click();
}
