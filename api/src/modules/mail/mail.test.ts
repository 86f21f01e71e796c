import { brand } from '@pd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { signIn } from '../../test/auth-helpers.js';
import { uniqueEmail } from '../../test/factories.js';
import { backoffMs, defaultRetry } from './mailer.js';
import { purgedBody } from './store.js';
import { inviteReminderMail, passwordChangedMail, passwordResetMail, verificationMail } from './templates.js';

describe('e-mail over real SMTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ smtp: true });
  });
  afterAll(() => app.close());

  it('delivers the verification mail (text and HTML) with a link that verifies end to end', async () => {
    const email = uniqueEmail();
    const client = app.client();
    await client.post('/api/auth/register', {
      name: 'José García',
      email,
      password: 'long enough password',
      acceptTerms: true,
    });
    const mail = await app.smtp!.waitFor((m) => m.to === email);
    expect(mail.subject).toBe(`Verify your email for ${brand.productName}`);
    expect(mail.text).toContain('Hello José García');
    expect(mail.html).toContain('<a href=');
    const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);
    const res = await client.get(new URL(link!).pathname + new URL(link!).search);
    expect(res.headers.get('location')).toBe('/?verified=1');
    expect((await signIn(client, email, 'long enough password')).status).toBe(200);
  });

  it('keeps no live link in email_outbox once a mail has left over SMTP (issue 17)', async () => {
    const email = uniqueEmail();
    await app.client().post('/api/auth/register', {
      name: 'Ada',
      email,
      password: 'long enough password',
      acceptTerms: true,
    });
    const mail = await app.smtp!.waitFor((m) => m.to === email);
    const token = /token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    await app.mailer.idle();
    const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row).toMatchObject({ status: 'sent', text: purgedBody, html: purgedBody, links: [] });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('keeps a message through an SMTP outage and retries it with back-off', async () => {
    const email = uniqueEmail();
    app.smtp!.failNext(1);
    await app.client().post('/api/auth/register', {
      name: 'Nguyễn Văn An',
      email,
      password: 'long enough password',
      acceptTerms: true,
    });
    await app.mailer.idle();
    const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('451');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + defaultRetry.baseMs - 5000);

    await app.mailer.drain(); // not due yet: nothing happens
    expect(app.smtp!.received.some((m) => m.to === email)).toBe(false);

    app.clock.advance(defaultRetry.baseMs + 1000);
    try {
      await app.mailer.drain();
    } finally {
      app.clock.reset();
    }
    await app.smtp!.waitFor((m) => m.to === email);
    const [sent] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('backs off exponentially up to a cap', () => {
    const policy = { baseMs: 1000, maxMs: 5000, maxAttempts: 5 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, policy))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('keeps the dev mailbox route outside production even with SMTP', async () => {
    expect((await app.client().get('/api/dev/mailbox')).status).toBe(200);
  });
});

describe('dev mailbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('GET /api/dev/mailbox lists stored messages newest first with to, subject, text, html, links', async () => {
    const email = uniqueEmail();
    await app.client().post('/api/auth/register', {
      name: 'Ada',
      email,
      password: 'long enough password',
      acceptTerms: true,
    });
    app.clock.advance(1000);
    await app.client().post('/api/auth/resend-verification', { email });
    app.clock.reset();
    await app.mailer.idle();
    const res = await app.client().get<{ messages: Record<string, unknown>[] }>('/api/dev/mailbox');
    expect(res.status).toBe(200);
    const mine = res.body.messages.filter((m) => m.to === email);
    expect(mine).toHaveLength(2);
    expect(Object.keys(mine[0] ?? {})).toEqual(
      expect.arrayContaining(['id', 'to', 'subject', 'text', 'html', 'links', 'createdAt']),
    );
    const [newest, oldest] = mine;
    expect(Date.parse(String(newest?.createdAt))).toBeGreaterThan(Date.parse(String(oldest?.createdAt)));
    expect(app.logs.some((l) => l.message.includes('/api/auth/verify-email?token='))).toBe(true);
  });

  it('does not exist in production', async () => {
    const prod = await startTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.client().get('/api/dev/mailbox')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('templates', () => {
  it.each([
    ['verification', verificationMail('a@b.org', '<Ann>', 'http://x/v?token=t')],
    ['reset', passwordResetMail('a@b.org', '<Ann>', 'http://x/reset-password?token=t')],
    ['password changed', passwordChangedMail('a@b.org', '<Ann>', 'http://x/forgot-password')],
  ])('%s has the product name in text and HTML, and escapes the name in HTML', (_label, mail) => {
    expect(mail.subject).toContain(brand.productName);
    expect(mail.text).toContain(brand.productName);
    expect(mail.html).toContain(brand.productName);
    expect(mail.html).toContain('&lt;Ann&gt;');
    expect(mail.html).not.toContain('<Ann>');
    expect(mail.links).toHaveLength(1);
  });

  it('the invitation reminder: day 3 and day 10 worded apart, the expiry date, the new link (issue 27)', () => {
    const base = {
      groupName: 'Springfield <District>',
      invitedBy: 'Dana Admin',
      expiresAt: new Date('2026-12-11T09:00:00.000Z'),
      url: 'http://x/signup?invite=abc',
    };
    const day3 = inviteReminderMail('ana@district.org', {
      ...base,
      stage: 1,
      now: new Date('2026-11-30T09:00:00.000Z'),
    });
    expect(day3.subject).toBe(`Reminder: your invitation to Springfield <District> on ${brand.productName}`);
    expect(day3.text).toContain('A few days ago Dana Admin invited you');
    expect(day3.text).toContain('The invitation is for ana@district.org and expires on December 11, 2026');
    expect(day3.text).toContain('http://x/signup?invite=abc');
    expect(day3.text).not.toContain('last reminder');
    expect(day3.html).toContain('Springfield &lt;District&gt;');
    expect(day3.links).toEqual(['http://x/signup?invite=abc']);

    const day10 = inviteReminderMail('ana@district.org', {
      ...base,
      stage: 2,
      now: new Date('2026-12-07T09:00:00.000Z'),
    });
    expect(day10.subject).toBe(
      'Last reminder: your invitation to Springfield <District> expires on December 11, 2026',
    );
    expect(day10.text).toContain('expires in 4 days, on December 11, 2026');
    expect(day10.text).toContain('After December 11, 2026, ask Dana Admin to invite you again.');
    const lastDay = inviteReminderMail('ana@district.org', {
      ...base,
      stage: 2,
      now: new Date('2026-12-10T20:00:00.000Z'),
    });
    expect(lastDay.text).toContain('expires in 1 day, on December 11, 2026');
  });
});
