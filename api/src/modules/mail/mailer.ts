import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { deleteMailsTo, claimDue, insertMails, markFailedAttempt, markSent, statesOf } from './store.js';
import type { OutgoingMail } from './templates.js';

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min ... capped at 1 h; gives up after 15 attempts (about 10 hours). */
export const defaultRetry: RetryPolicy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 15 };

export function backoffMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.baseMs * 2 ** Math.max(0, attempts - 1), policy.maxMs);
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** SMTP_URL; without it (outside production) messages go to the dev mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  isProduction: boolean;
  retry?: RetryPolicy;
  /**
   * MAIL_RATE_PER_MINUTE: the most messages this process hands to the mail server per minute, evenly
   * spaced, so a 300-invitation roster leaves at a steady rate rather than in one burst that district
   * filters hold (issue 27). Unset or 0: as fast as the server takes them.
   */
  ratePerMinute?: number;
}

/** Where a message is, as the pages that sent it show it (issue 27): queued or retrying, sent, or given up. */
export interface MailState {
  status: 'pending' | 'sent' | 'failed';
  lastError: string | null;
}

/**
 * A refusal that another attempt will not change: the SMTP server answered a permanent 5xx (the
 * address does not exist, the domain refuses us, the message is rejected as spam). A 4xx, a lost
 * connection or a timeout is temporary, and retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * E-mail goes through the outbox table: `enqueue` writes a row (inside the caller's transaction),
 * the worker sends it with retries and exponential back-off, so an SMTP outage loses nothing.
 */
export class Mailer {
  readonly mode: 'smtp' | 'dev-mailbox' | 'none';
  private readonly transport: Transporter | null;
  private readonly retry: RetryPolicy;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly deferred = new Set<Promise<void>>();
  /** The earliest time (ms, real) the next message may leave, under `ratePerMinute`. */
  private nextSendAt = 0;
  private readonly gapMs: number;
  private readonly batch: number;

  constructor(private readonly opts: MailerOptions) {
    this.retry = opts.retry ?? defaultRetry;
    const rate = opts.ratePerMinute ?? 0;
    this.gapMs = rate > 0 ? 60_000 / rate : 0;
    // A claimed batch must leave well within its 60 s claim: at most 10 s of sending at the rate.
    this.batch = rate > 0 ? Math.max(1, Math.min(10, Math.floor(rate / 6))) : 10;
    if (opts.smtpUrl) {
      this.mode = 'smtp';
      this.transport = nodemailer.createTransport(opts.smtpUrl);
    } else {
      this.mode = opts.isProduction ? 'none' : 'dev-mailbox';
      this.transport = null;
    }
  }

  /** Adds a message to the outbox; pass the transaction so it commits with the change it reports. */
  async enqueue(db: Db, mail: OutgoingMail): Promise<string> {
    const [id] = await insertMails(db, [mail], this.opts.clock());
    return id!;
  }

  /** Adds several messages in one statement (a roster import's invitations); their ids, in order. */
  enqueueMany(db: Db, mails: readonly OutgoingMail[]): Promise<string[]> {
    return insertMails(db, mails, this.opts.clock());
  }

  /** The states of the messages of `ids` (a page showing whether its e-mails left). */
  statesOf(db: Db, ids: readonly string[]): Promise<Map<string, MailState>> {
    return statesOf(db, ids);
  }

  /** Forgets every message to `to` (its sent copies too): part of an account's deletion, in its transaction. */
  async forgetRecipient(db: Db, to: string): Promise<number> {
    return deleteMailsTo(db, to);
  }

  /** Asks the worker to drain soon (after the enqueuing transaction committed). */
  kick(): void {
    if (this.stopped || this.mode === 'none') return;
    void this.drain().catch((error: unknown) =>
      this.opts.logger.error('mail drain failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  /** Sends every due message; concurrent calls share one run. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.drainBatch()) > 0) {
            /* keep going while there is work */
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Runs `task` (finding the account, writing its mail) after the current answer is sent, then
   * drains: the answer takes as long whether or not the account exists (issue 17). A task lost to
   * a crash in between costs one e-mail the person can ask for again.
   */
  later(task: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .then(
        () => this.kick(),
        (error: unknown) =>
          this.opts.logger.error('deferred mail work failed', {
            error: error instanceof Error ? error.message : String(error),
          }),
      )
      .finally(() => this.deferred.delete(run));
    this.deferred.add(run);
  }

  /** Resolves when no deferred task and no drain is in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.deferred.size > 0 || this.running) {
      await Promise.all(this.deferred);
      if (this.running) await this.running;
    }
  }

  start(intervalMs = 5_000): void {
    if (this.mode === 'none') {
      this.opts.logger.warn(
        'SMTP_URL is not set in production: e-mails stay queued in email_outbox until it is',
      );
      return;
    }
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    this.transport?.close();
  }

  private async drainBatch(): Promise<number> {
    const { db, clock, logger } = this.opts;
    const rows = await claimDue(db, clock(), 60_000, this.batch);
    for (const row of rows) {
      // Stopping: the rest of the batch is left to its claim's end (another instance, or the next start).
      if (this.stopped) break;
      await this.pace();
      const attempts = row.attempts + 1;
      try {
        await this.deliver(row);
        // Over SMTP the message has left: its body (live links) is not kept. The dev mailbox is the
        // inbox itself, so it keeps them (never in production).
        await markSent(db, row.id, attempts, clock(), this.transport !== null);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A permanent refusal is final at once: the page shows it 'not delivered' with the reason.
        const giveUp = attempts >= this.retry.maxAttempts || isPermanentRefusal(error);
        const next = new Date(clock().getTime() + backoffMs(attempts, this.retry));
        await markFailedAttempt(db, row.id, attempts, message, next, giveUp);
        logger.warn(giveUp ? 'mail failed, giving up' : 'mail failed, will retry', {
          to: row.to,
          attempts,
          error: message,
        });
      }
    }
    return rows.length;
  }

  /** Waits for the next slot under `ratePerMinute` (real time: the pace is the mail server's). */
  private async pace(): Promise<void> {
    if (this.gapMs === 0) return;
    const now = Date.now();
    const wait = this.nextSendAt - now;
    this.nextSendAt = Math.max(now, this.nextSendAt) + this.gapMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private async deliver(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({
        from: this.opts.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      this.opts.logger.info('mail sent', { to: mail.to, subject: mail.subject });
      return;
    }
    // Dev mailbox: the row itself is the stored message; print its links for the developer.
    for (const link of mail.links)
      this.opts.logger.info(`dev mailbox: "${mail.subject}" to ${mail.to}: ${link}`);
  }
}
