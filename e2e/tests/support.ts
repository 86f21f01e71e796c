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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}
