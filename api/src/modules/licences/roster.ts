import {
  type DeliveryStatus,
  districtErrorCodes,
  districtMessages,
  inviteLifetimeMs,
  inviteStatus,
  isValidEmail,
  licenceAccessMessages,
  licenceErrorCodes,
  licenceMessages,
  normaliseEmail,
  type RosterImportRequest,
  type RosterRowResult,
  type RosterSummary,
  seatCounts,
} from '@pd/domain';
import type { InviteRow, RosterImportRow, RosterImportRowRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { isUuid } from '../../ids.js';
import * as audit from '../audit/service.js';
import type { MailState } from '../mail/mailer.js';
import { type Actor, forbidden, type Parsed, type ServiceDeps } from './common.js';
import { inviteMessage } from './invitations.js';
import { hashInviteCode, newInviteCode } from './invite-code.js';
import { canInviteInto } from './policy.js';
import { presentDelivery } from './present.js';
import * as store from './store.js';

/**
 * Roster import (issue 27): up to 2,000 rows checked at once. A dry run answers the preview (what
 * each row becomes, the seats it needs); the import creates every invitation in one transaction
 * with the group locked, or none (more rows than free seats: refused whole), and queues their
 * e-mails in the outbox, which sends them at its steady rate.
 */

export interface RosterAnswer {
  importId: string | null;
  summary: RosterSummary;
  results: RosterRowResult[];
}

const noGroup = () => new AppError(404, licenceMessages.noLicenseGroup, licenceErrorCodes.noLicenseGroup);

type Row = Parsed<typeof RosterImportRequest>['rows'][number];

interface Classified {
  row: number;
  input: Row;
  email: string;
  reason: string | null;
}

/** The rows' checks that need no database: not an e-mail, the admin's own, a duplicate in the file. */
function classify(rows: readonly Row[], actor: Actor): Classified[] {
  const seen = new Map<string, number>();
  const own = normaliseEmail(actor.email);
  return rows.map((input, i) => {
    const row = i + 1;
    const email = normaliseEmail(input.email);
    if (!isValidEmail(email))
      return { row, input, email: input.email.trim(), reason: districtMessages.skipNotEmail };
    if (email === own) return { row, input, email, reason: districtMessages.skipOwnAddress };
    const first = seen.get(email);
    if (first !== undefined) return { row, input, email, reason: districtMessages.skipDuplicate(first) };
    seen.set(email, row);
    return { row, input, email, reason: null };
  });
}

export async function importRoster(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  input: Parsed<typeof RosterImportRequest>,
): Promise<RosterAnswer> {
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  if (!isUuid(groupId)) throw noGroup();
  const classified = classify(input.rows, actor);
  const answer = await deps.db.transaction(async (tx) => {
    // A dry run reads; the import locks the group so its seats are exact until it commits.
    const group = input.dryRun ? await store.findGroup(tx, groupId) : await store.lockGroup(tx, groupId);
    if (!group || !canInviteInto(actor, group)) throw noGroup();
    const now = deps.clock();
    const candidates = classified.filter((c) => c.reason === null).map((c) => c.email);
    const members = await store.memberEmails(tx, group.id, candidates);
    const pending = await store.pendingEmails(tx, group.id, candidates, now);
    // Administrators' addresses (a super admin's, another licence admin's): the invite form sends
    // them only once the admin confirms (409 STAFF_ADDRESSES); a roster skips them, saying why.
    const staff = await store.staffEmails(tx, candidates);
    for (const c of classified) {
      if (c.reason !== null) continue;
      if (members.has(c.email)) c.reason = districtMessages.skipMember;
      else if (pending.has(c.email)) c.reason = districtMessages.skipPending;
      else if (staff.has(c.email)) c.reason = districtMessages.skipAdministrator;
    }
    const toInvite = classified.filter((c) => c.reason === null);
    const usage = (await store.seatUsage(tx, [group.id], now)).get(group.id) ?? { used: 0, pending: 0 };
    const { available } = seatCounts(group.licenseCount, usage.used, usage.pending);
    const refusal =
      toInvite.length > available ? districtMessages.rosterNotEnoughSeats(toInvite.length, available) : null;
    const summary: RosterSummary = {
      rows: classified.length,
      to_invite: toInvite.length,
      skipped: classified.length - toInvite.length,
      seats_needed: toInvite.length,
      seats_available: available,
      refusal,
    };
    const skippedResult = (c: Classified): RosterRowResult => ({
      row: c.row,
      email: c.email,
      outcome: 'skipped',
      reason: c.reason,
      invite_status: null,
      delivery: null,
    });
    if (input.dryRun) {
      return {
        importId: null,
        summary,
        results: classified.map((c) =>
          c.reason === null
            ? {
                row: c.row,
                email: c.email,
                outcome: 'invite' as const,
                reason: null,
                invite_status: null,
                delivery: null,
              }
            : skippedResult(c),
        ),
      };
    }
    if (refusal) throw new AppError(400, refusal, districtErrorCodes.rosterNotEnoughSeats);
    if (toInvite.length === 0)
      throw new AppError(400, districtMessages.rosterNothingToInvite, licenceErrorCodes.noEmails);
    const record = await store.insertRosterImport(
      tx,
      {
        licenseGroupId: group.id,
        createdBy: actor.id,
        rows: summary.rows,
        invited: summary.to_invite,
        skipped: summary.skipped,
      },
      now,
    );
    const expiresAt = new Date(now.getTime() + inviteLifetimeMs);
    const codes = toInvite.map(() => newInviteCode());
    const mailIds = await deps.mailer.enqueueMany(
      tx,
      toInvite.map((c, i) =>
        inviteMessage(deps, { email: c.email, expiresAt }, codes[i]!, group.name, actor.name),
      ),
    );
    const invites = await store.insertInvites(
      tx,
      toInvite.map((c, i) => ({
        licenseGroupId: group.id,
        email: c.email,
        codeHash: hashInviteCode(codes[i]!),
        invitedBy: actor.id,
        expiresAt,
        lastMailId: mailIds[i]!,
        rosterImportId: record.id,
      })),
      now,
    );
    const inviteOf = new Map(invites.map((i) => [i.email, i]));
    await store.insertRosterRows(
      tx,
      classified.map((c) => ({
        importId: record.id,
        row: c.row,
        email: c.email.slice(0, 1000),
        firstName: c.input.firstName ?? null,
        lastName: c.input.lastName ?? null,
        school: c.input.school ?? null,
        reason: c.reason,
        inviteId: c.reason === null ? (inviteOf.get(c.email)?.id ?? null) : null,
      })),
    );
    await audit.record(
      tx,
      actor,
      {
        action: 'roster_imported',
        target: { type: 'license_group', id: group.id, label: group.name },
        // Counts, not addresses (decision 035).
        after: { rows: summary.rows, invited: summary.to_invite, skipped: summary.skipped },
      },
      now,
    );
    return {
      importId: record.id,
      summary,
      results: classified.map((c) =>
        c.reason === null
          ? {
              row: c.row,
              email: c.email,
              outcome: 'invited' as const,
              reason: null,
              invite_status: 'pending' as const,
              delivery: { status: 'sending' as const, error: null },
            }
          : skippedResult(c),
      ),
    };
  });
  if (answer.importId) deps.mailer.kick();
  return answer;
}

export interface RosterImportView {
  record: RosterImportRow;
  createdBy: string | null;
  progress: Record<DeliveryStatus, number>;
  results: RosterRowResult[];
}

/** The rows of imports as results now: each invited row's invitation state and e-mail delivery. */
function resultsOf(
  rows: (RosterImportRowRow & { invite: InviteRow | null })[],
  mail: Map<string, MailState>,
  now: Date,
): RosterRowResult[] {
  return rows.map((r) => {
    if (r.reason !== null || !r.invite) {
      return {
        row: r.row,
        email: r.email,
        outcome: r.reason === null ? 'invited' : 'skipped',
        reason: r.reason,
        invite_status: null,
        delivery: null,
      };
    }
    return {
      row: r.row,
      email: r.email,
      outcome: 'invited',
      reason: null,
      invite_status: inviteStatus(r.invite, now),
      delivery: r.invite.lastMailId ? presentDelivery(mail.get(r.invite.lastMailId)) : null,
    };
  });
}

/** The group's newest roster imports (at most `limit`), each with its e-mails' progress; `withRows` adds every row. */
export async function rosterImports(
  deps: ServiceDeps,
  actor: Actor,
  groupId: string,
  options: { importId?: string; limit?: number } = {},
): Promise<RosterImportView[]> {
  if (actor.role !== 'license_admin') throw forbidden(licenceAccessMessages.onlyLicenseAdmins);
  const group = isUuid(groupId) ? await store.findGroup(deps.db, groupId) : null;
  if (!group || !canInviteInto(actor, group)) throw noGroup();
  let records: RosterImportRow[];
  if (options.importId !== undefined) {
    const found = isUuid(options.importId) ? await store.findRosterImport(deps.db, options.importId) : null;
    if (!found || found.licenseGroupId !== group.id) {
      throw new AppError(404, districtMessages.importNotFound, 'NOT_FOUND');
    }
    records = [found];
  } else {
    records = await store.rosterImportsOfGroup(deps.db, group.id, options.limit ?? 10);
  }
  const rows = await store.rosterRowsOf(
    deps.db,
    records.map((r) => r.id),
  );
  const mail = await deps.mailer.statesOf(
    deps.db,
    rows.flatMap((r) => (r.invite?.lastMailId ? [r.invite.lastMailId] : [])),
  );
  const now = deps.clock();
  return records.map((record) => {
    const results = resultsOf(
      rows.filter((r) => r.importId === record.id),
      mail,
      now,
    );
    const progress: Record<DeliveryStatus, number> = { sending: 0, sent: 0, not_delivered: 0 };
    for (const r of results) if (r.delivery) progress[r.delivery.status]++;
    return { record, createdBy: record.createdBy === actor.id ? actor.name : null, progress, results };
  });
}
