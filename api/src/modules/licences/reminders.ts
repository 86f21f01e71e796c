import { limits, reminderStage } from '@pd/domain';
import type { AppDeps } from '../../deps.js';
import { inviteReminderMail, mailLinks } from '../mail/templates.js';
import { hashInviteCode, newInviteCode } from './invite-code.js';
import * as store from './store.js';

/**
 * Reminders of pending invitations (issue 27): on day 3 and day 10 after the last send (the
 * invitation expires on day 14), unless the group's licence admin turned them off. Each reminder is
 * one claim: the invite's row is locked (SKIP LOCKED), its count raised and its e-mail queued in one
 * transaction, so several api instances running this at once never send two. The e-mail
 * (`inviteReminderMail`: day 3's or day 10's wording, the expiry date) carries a new link; the earlier links keep working until one is used (decision 082).
 */
export async function remindPendingInvites(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>,
  batch = 200,
): Promise<number> {
  const dayMs = 24 * 60 * 60 * 1000;
  let total = 0;
  for (;;) {
    const now = deps.clock();
    const sent = await deps.db.transaction(async (tx) => {
      const cutoffs = limits.inviteReminderDays.map((days) => new Date(now.getTime() - days * dayMs));
      const candidates = await store.lockReminderCandidates(tx, now, cutoffs, batch);
      let reminded = 0;
      for (const { invite, groupName, invitedByName } of candidates) {
        const stage = reminderStage(invite.lastSentAt, now);
        if (stage <= invite.remindersSent) continue;
        const code = newInviteCode();
        const message = inviteReminderMail(invite.email, {
          stage: stage >= 2 ? 2 : 1,
          groupName,
          invitedBy: invitedByName ?? 'Your license administrator',
          expiresAt: invite.expiresAt,
          now,
          url: mailLinks.invite(deps.config.publicUrl, code),
        });
        const mailId = await deps.mailer.enqueue(tx, message);
        await store.noteReminder(
          tx,
          invite.id,
          hashInviteCode(code),
          stage,
          mailId,
          limits.maxEarlierInviteCodes,
        );
        reminded++;
      }
      return { reminded, claimed: candidates.length };
    });
    total += sent.reminded;
    // A full batch may have more behind it (each claimed row was due, so the next batch is new rows).
    if (sent.claimed < batch || sent.reminded === 0) break;
  }
  if (total > 0) {
    deps.logger.info('invitation reminders queued', { count: total });
    deps.mailer.kick();
  }
  return total;
}
