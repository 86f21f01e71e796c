import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  expect,
  type Page,
} from '@playwright/test';
import { generate } from 'otplib';
import { demoMfaSecret } from '../playwright.config';

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

/** Runs axe on the settled page: each serious or critical violation, named with its targets. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Scan the settled page: mid-fade (MUI transitions), text at partial opacity reads as low contrast.
  // The pointer leaves first: a button that a click's pointer rests on after a navigation starts its
  // hover transition whenever the layout puts it there, possibly after the wait below.
  // Only finite animations are awaited (a spinner or skeleton pulse never ends); at most 5 s.
  await page.mouse.move(0, 0);
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
  return serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Runs axe on the page and fails on any serious or critical violation, naming each one. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  expect(await seriousA11yViolations(page), `axe on ${label}`).toEqual([]);
}

/**
 * A new verified teacher, made through the real calls (register, the link from the dev mailbox),
 * then signed in: `page` carries the session cookie.
 */
/**
 * What is wider than the window: the document (`scrollWidth` against `innerWidth`, issue 26) and
 * each open dialog (its box must lie inside the window, and neither it nor anything in it may
 * scroll or clip sideways, except text cut short with an ellipsis on purpose). A wide table inside
 * a box that scrolls sideways (a named scroll region) and is not positioned out of it is inside
 * the window. Each problem names the outermost boxes past the edge, so a failure says where to look.
 */
export async function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`.slice(0, 120);
    if (doc.scrollWidth > window.innerWidth) {
      const past = (el: Element) => el.getBoundingClientRect().right + window.scrollX > window.innerWidth + 1;
      const scrolledInside = (el: Element) => {
        if (['absolute', 'fixed'].includes(getComputedStyle(el).position)) return false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== 'visible') return !past(a);
        }
        return false;
      };
      const culprits = [...document.querySelectorAll('body, body *')]
        .filter((el) => past(el) && !(el.parentElement && past(el.parentElement)) && !scrolledInside(el))
        .slice(0, 3)
        .map((el) => `${describe(el)} to ${Math.round(el.getBoundingClientRect().right + window.scrollX)}px`);
      problems.push(
        `the page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px window (${culprits.join('; ')})`,
      );
    }
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      const rect = dialog.getBoundingClientRect();
      if (rect.width === 0) continue;
      const titleId = dialog.getAttribute('aria-labelledby');
      const title = (titleId && document.getElementById(titleId)?.textContent) || dialog.textContent;
      const label = `the dialog "${(title ?? '').slice(0, 60)}"`;
      if (rect.left < 0 || rect.right > window.innerWidth) {
        problems.push(
          `${label} spans ${Math.round(rect.left)}..${Math.round(rect.right)}px in a ${window.innerWidth}px window`,
        );
      }
      for (const el of [dialog, ...dialog.querySelectorAll('*')]) {
        const style = getComputedStyle(el);
        // Text cut short on purpose, hidden boxes (an outlined field's notch) and text for screen
        // readers only (a 1px box) are not content that spills out.
        if (style.textOverflow === 'ellipsis' || style.visibility === 'hidden' || el.clientWidth <= 1)
          continue;
        if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') {
          problems.push(
            `${label}: ${describe(el)} holds ${el.scrollWidth}px of content in ${el.clientWidth}px`,
          );
        }
      }
    }
    return problems;
  });
}

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

export const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-password';

const lastStep = new Map<string, number>();

/** The 30-second step of the account's next code: from now's on, after the last one used. */
function nextStep(email: string): number {
  const step = Math.max((lastStep.get(email) ?? 0) + 1, Math.floor(Date.now() / 1000 / 30));
  lastStep.set(email, step);
  return step;
}

/**
 * The authenticator's code for `email` that the server has not seen yet: a code is good once, so
 * each sign-in takes the next 30-second step, from the one of now to the one after (the
 * server's tolerance). Tries them in order; a step an earlier sign-in used is refused, then the next.
 */
async function passCodeStep(request: APIRequestContext, email: string, origin: string): Promise<void> {
  const current = Math.floor(Date.now() / 1000 / 30);
  for (let step = nextStep(email); step <= current + 1; step = nextStep(email)) {
    const code = await generate({ secret: demoMfaSecret, epoch: step * 30 });
    const res = await request.post('/api/auth/mfa/verify', { data: { code }, headers: { Origin: origin } });
    if (res.ok()) return;
    if (res.status() !== 401) expect(res.status(), await res.text()).toBe(200);
  }
  throw new Error(`no unused two-step sign-in code for ${email} in this minute`);
}

/** The demo accounts' session cookies, signed in once per worker (as a person keeps one sign-in open). */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs `context` in as a demo account through the real calls: the password, then for an admin the
 * authenticator's code. An admin's session is made once per worker and shared by the journeys'
 * contexts while it lasts (an hour idle): a code is good once, and the journeys sign the super admin
 * in more often than an authenticator shows new codes.
 */
export async function signInDemoAccount(
  context: BrowserContext,
  email: string,
  origin: string,
): Promise<void> {
  const kept = sessions.get(email);
  if (kept) {
    await context.addCookies(kept);
    const me = await context.request.get('/api/auth/me');
    if (me.ok() && ((await me.json()) as { email: string }).email === email) return;
    await context.clearCookies();
  }
  const res = await context.request.post('/api/auth/login', {
    data: { email, password: demoPassword },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as { mfa?: string };
  if (answer.mfa === 'verify') {
    await passCodeStep(context.request, email, origin);
    sessions.set(email, await context.cookies());
  } else expect(answer.mfa, `${email} has no two-step sign-in set up`).toBeUndefined();
}

/** The next code of the demo admins' authenticator, for typing into the sign-in dialog. */
export async function demoAdminCode(email: string): Promise<string> {
  return generate({ secret: demoMfaSecret, epoch: nextStep(email) * 30 });
}
