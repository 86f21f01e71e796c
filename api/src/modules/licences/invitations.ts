import {
  errorCodes,
  inviteLifetimeMs,
  isInvitePending,
  isValidEmail,
  licenceAccessMessages,
  licenceErrorCodes,
  licenceMessages,
  limits,
  normaliseEmail,
  seatCounts,
  type SendInvitesRequest,
  type SkippedInvite,
} from '@pd/domain';
import type { Db } from '../../db/client.js';
import type { InviteRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import * as audit from '../audit/service.js';
import { inviteMail, mailLinks, type OutgoingMail } from '../mail/templates.js';
import {
  type Actor,
  assertUsableInvite,
  forbidden,
  invalidInvite,
  type Parsed,
  type ServiceDeps,
} from './common.js';
import { hashInviteCode, isPlausibleInviteCode, newInviteCode } from './invite-code.js';
import { canInviteInto } from './policy.js';
import * as store from './store.js';

/** Invitations: the licence admin sends, resends and revokes them; anyone may look a code up. */

interface SendResult {
  invites: InviteRow[];
  skipped: SkippedInvite[];
}

/**
 * Checks and sends invitations (spec section 5), all in one transaction with the group locked, so
 * parallel sends never promise more seats than there are. Each invite is a mail in the outbox.
 */
export async function sendInvites(
  deps: ServiceDeps,
  actor: Actor,
  input: Parsed<typeof SendInvitesRequest>,
): Promise<SendResult> {
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const noGroup = () => new AppError(404, licenceMessages.noLicenseGroup, licenceErrorCodes.noLicenseGroup);
  if (!isUuid(input.license_group_id)) throw noGroup();
  const lines = input.emails.map((e) => e.trim()).filter((e) => e.length > 0);
  if (lines.length === 0) throw new AppError(400, licenceMessages.noEmailsText, licenceErrorCodes.noEmails);
  const emails = [...new Set(lines.map(normaliseEmail))];
  const invalid = emails.filter((e) => !isValidEmail(e));
  if (invalid.length > 0) {
    throw new AppError(400, licenceMessages.invalidEmails(invalid), licenceErrorCodes.invalidEmails);
  }
  if (emails.length > limits.maxInvitesPerSend) {
    throw new AppError(400, licenceMessages.tooManyEmailsText, licenceErrorCodes.tooManyEmails);
  }
  const result = await deps.db.transaction(async (tx) => {
    const group = await store.lockGroup(tx, input.license_group_id);
    if (!group || !canInviteInto(actor, group)) throw noGroup();
    const now = deps.clock();
    const members = await store.memberEmails(tx, group.id, emails);
    const pending = await store.pendingEmails(tx, group.id, emails, now);
    const skipped: SkippedInvite[] = [];
    const toSend: string[] = [];
    for (const email of emails) {
      if (members.has(email)) skipped.push({ email, reason: licenceMessages.skippedMember });
      else if (pending.has(email)) skipped.push({ email, reason: licenceMessages.skippedPending });
      else toSend.push(email);
    }
    if (toSend.length === 0) return { invites: [], skipped };
    if (!input.confirm_staff) {
      const staff = await store.staffEmails(tx, toSend);
      const admins = toSend.filter((e) => staff.has(e) || e === normaliseEmail(actor.email));
      if (admins.length > 0) {
        throw new AppError(409, licenceMessages.staffAddresses(admins), licenceErrorCodes.staffAddresses);
      }
    }
    const usage = (await store.seatUsage(tx, [group.id], now)).get(group.id) ?? { used: 0, pending: 0 };
    const { available } = seatCounts(group.licenseCount, usage.used, usage.pending);
    if (toSend.length > available) {
      throw new AppError(
        400,
        licenceMessages.notEnoughLicensesText(available, toSend.length),
        licenceErrorCodes.notEnoughLicenses,
      );
    }
    const expiresAt = new Date(now.getTime() + inviteLifetimeMs);
    const codes = toSend.map(() => newInviteCode());
    const rows = await store.insertInvites(
      tx,
      toSend.map((email, i) => ({
        licenseGroupId: group.id,
        email,
        codeHash: hashInviteCode(codes[i]!),
        invitedBy: actor.id,
        expiresAt,
      })),
      now,
    );
    for (const row of rows) {
      const code = codes[toSend.indexOf(row.email)]!;
      const mailId = await mailInvite(tx, deps, row, code, group.name, actor.name);
      await store.setInviteMail(tx, [{ id: row.id, mailId }]);
    }
    await audit.record(
      tx,
      actor,
      {
        action: 'invites_sent',
        target: { type: 'license_group', id: group.id, label: group.name },
        // The count, not the addresses: the log outlives a deleted teacher's e-mail (decision 035).
        after: { invites: rows.length },
      },
      now,
    );
    return { invites: rows, skipped };
  });
  if (result.invites.length > 0) deps.mailer.kick();
  return result;
}

/** The invitation e-mail of `invite` with the link of `code` (a send, a resend, a roster row, a reminder). */
export function inviteMessage(
  deps: Pick<AppDeps, 'config'>,
  invite: Pick<InviteRow, 'email' | 'expiresAt'>,
  code: string,
  groupName: string,
  invitedBy: string,
): OutgoingMail {
  return inviteMail(invite.email, {
    groupName,
    invitedBy,
    expiresAt: invite.expiresAt,
    url: mailLinks.invite(deps.config.publicUrl, code),
  });
}

async function mailInvite(
  tx: Db,
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  invite: InviteRow,
  code: string,
  groupName: string,
  invitedBy: string,
): Promise<string> {
  return deps.mailer.enqueue(tx, inviteMessage(deps, invite, code, groupName, invitedBy));
}

/** A pending invite of the actor's group, with the group locked; else 404 (nothing revealed). */
async function lockOwnInvite(tx: Db, actor: Actor, inviteId: string) {
  const notFound = () => new AppError(404, licenceMessages.inviteNotFound, errorCodes.notFound);
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const found = isUuid(inviteId) ? await store.findInvite(tx, inviteId) : null;
  if (!found) throw notFound();
  const group = await store.lockGroup(tx, found.licenseGroupId);
  if (!group || !canInviteInto(actor, group)) throw notFound();
  const invite = await store.lockInvite(tx, inviteId);
  if (!invite) throw notFound();
  return { group, invite };
}

const notPending = () => new AppError(409, licenceMessages.inviteNotPending, errorCodes.conflict);

/**
 * Sends a pending invitation again with a new code and a new expiry. The links of the earlier
 * e-mails keep working until one of them is used (issue 26: a resend must not kill the link a
 * teacher is about to click); the invite's one seat is taken once.
 */
export async function resendInvite(deps: ServiceDeps, actor: Actor, inviteId: string): Promise<InviteRow> {
  const row = await deps.db.transaction(async (tx) => {
    const { group, invite } = await lockOwnInvite(tx, actor, inviteId);
    const now = deps.clock();
    if (!isInvitePending(invite, now)) throw notPending();
    const nextAllowed = invite.lastSentAt.getTime() + limits.inviteResendGapMs;
    if (now.getTime() < nextAllowed) {
      const seconds = Math.ceil((nextAllowed - now.getTime()) / 1000);
      throw new AppError(429, licenceMessages.resendTooSoon, licenceErrorCodes.resendTooSoon, undefined, {
        'Retry-After': String(seconds),
      });
    }
    const code = newInviteCode();
    const updated = await store.replaceInviteCode(
      tx,
      invite.id,
      hashInviteCode(code),
      { expiresAt: new Date(now.getTime() + inviteLifetimeMs), lastSentAt: now },
      limits.maxEarlierInviteCodes,
    );
    const mailId = await mailInvite(tx, deps, updated, code, group.name, actor.name);
    // Its reminders count again from this send (issue 27).
    await store.setInviteMail(tx, [{ id: updated.id, mailId }], { remindersSent: 0 });
    await audit.record(
      tx,
      actor,
      {
        action: 'invite_resent',
        target: { type: 'invite', id: invite.id, label: invite.email },
        groupId: group.id,
        after: { expires_at: updated.expiresAt.toISOString() },
      },
      now,
    );
    return { ...updated, lastMailId: mailId, remindersSent: 0 };
  });
  deps.mailer.kick();
  return row;
}

/** Revokes a pending invitation: its link stops working and its seat is free again. */
export async function revokeInvite(deps: ServiceDeps, actor: Actor, inviteId: string): Promise<InviteRow> {
  return deps.db.transaction(async (tx) => {
    const { invite } = await lockOwnInvite(tx, actor, inviteId);
    const now = deps.clock();
    if (!isInvitePending(invite, now)) throw notPending();
    const revoked = await store.updateInvite(tx, invite.id, { revokedAt: now });
    await audit.record(
      tx,
      actor,
      {
        action: 'invite_revoked',
        target: { type: 'invite', id: invite.id, label: invite.email },
        groupId: invite.licenseGroupId,
        before: { status: 'pending' },
        after: { status: 'revoked' },
      },
      now,
    );
    return revoked;
  });
}

/** The invitations sent to `email` go (an account's deletion: the address is personal data). */
export async function forgetInvitee(tx: Db, email: string): Promise<void> {
  await store.deleteInvitesTo(tx, normaliseEmail(email));
  await store.deleteRosterRowsOf(tx, normaliseEmail(email));
}

/** GET /api/invites/{code}: the invited address and the group, or why it cannot be used. */
export async function lookupInvite(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  code: string,
): Promise<{ email: string; license_group_name: string }> {
  if (!isPlausibleInviteCode(code)) throw invalidInvite();
  const invite = await store.findInviteByHash(deps.db, hashInviteCode(code));
  if (!invite) throw invalidInvite();
  assertUsableInvite(
    invite,
    { status: invite.groupStatus, startsOn: invite.groupStartsOn, endsOn: invite.groupEndsOn },
    deps.clock(),
  );
  return { email: invite.email, license_group_name: invite.groupName };
}
