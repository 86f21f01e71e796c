import type { AdminLicenseGroup, Delivery, Invite, JoinLink, LicenseGroup, RosterImport } from '@pd/domain';
import {
  type GroupAdmin,
  dayIn,
  inviteStatus,
  isMembershipLive,
  joinLinkStatus,
  localDateTime,
  seatCounts,
} from '@pd/domain';
import { csvLine, csvTable } from '../../csv.js';
import type { InviteRow, JoinLinkRow, LicenseGroupRow } from '../../db/schema.js';
import { inSlices } from '../../turns.js';
import type { MailState } from '../mail/mailer.js';

/** An e-mail's outbox state as the page shows it: sending (queued or retrying), sent, not delivered and why. */
export function presentDelivery(state: MailState | undefined): Delivery | null {
  if (!state) return null;
  if (state.status === 'sent') return { status: 'sent', error: null };
  if (state.status === 'failed') return { status: 'not_delivered', error: state.lastError ?? null };
  return { status: 'sending', error: null };
}

export function presentInvite(invite: InviteRow, now: Date, mail?: Map<string, MailState>): Invite {
  const status = inviteStatus(invite, now);
  return {
    id: invite.id,
    email: invite.email,
    used: status === 'used',
    status,
    created_at: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt.toISOString(),
    last_sent_at: invite.lastSentAt.toISOString(),
    reminders_sent: invite.remindersSent,
    delivery: invite.lastMailId && mail ? presentDelivery(mail.get(invite.lastMailId)) : null,
  };
}

export function presentGroup(
  group: LicenseGroupRow & { purchaserEmail?: string | null },
  usage: { used: number; pending: number },
): LicenseGroup {
  const seats = seatCounts(group.licenseCount, usage.used, usage.pending);
  return {
    id: group.id,
    name: group.name,
    purchaser_id: group.purchaserId,
    purchaser_email: group.purchaserEmail ?? null,
    license_count: seats.total,
    licenses_used: seats.used,
    licenses_pending: seats.pending,
    licenses_available: seats.available,
    created_at: group.createdAt.toISOString(),
    status: group.status,
    starts_on: group.startsOn,
    ends_on: group.endsOn,
  };
}

export function presentAdminGroup(
  group: LicenseGroupRow & { purchaserEmail?: string | null },
  usage: { used: number; pending: number },
  invites: InviteRow[],
  now: Date,
  mail?: Map<string, MailState>,
  admins?: GroupAdmin[],
): AdminLicenseGroup {
  return {
    ...presentGroup(group, usage),
    invites: invites.map((i) => presentInvite(i, now, mail)),
    invite_reminders: group.inviteReminders,
    ...(admins ? { admins } : {}),
    live: isMembershipLive(group, now),
  };
}

/** The CSV's file name: the group's name and the day, e.g. lincoln-high-school-members-2026-11-20.csv. */
export function membersCsvName(groupName: string, now: Date, timeZone: string): string {
  const slug = groupName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'license-group'}-members-${dayIn(now, timeZone)}.csv`;
}

/** A member's certificate of a course, for the members CSV (issue 28 part 3). */
export interface MemberCertificate {
  id: string;
  completedAt: Date;
  pdHours: number;
}

/** A member as the members CSV reads them. */
type CsvMember = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  joinedAt: string;
  progress: {
    completedModules: number;
    totalModules: number;
    lastActivity: string | null;
    courseStats: Record<string, { completed: number; total: number }>;
  };
  pdHours: number;
  certificates: number;
};
interface CsvOptions {
  courses: readonly { slug: string; title: string; modules: number }[];
  timeZone: string;
}
/** By member id, then course slug. */
type CsvCertificates = ReadonlyMap<string, ReadonlyMap<string, MemberCertificate>>;

/**
 * The members CSV's header (RFC 4180): dates and times in the admin's time zone (named in the
 * header), then one column per course with the modules the member completed (issue 26), then per
 * course its completion (local time), certificate id and PD hours (issue 28 part 3).
 */
function membersCsvHeader({ courses, timeZone }: CsvOptions): string[] {
  const zone = `(${timeZone})`;
  return [
    'Name',
    'Email',
    'Verified',
    `Joined ${zone}`,
    'Completed Modules',
    'Total Modules',
    'Percent',
    'PD Hours',
    'Certificates',
    `Last Activity ${zone}`,
    ...courses.map((c) => `${c.title} (modules of ${c.modules})`),
    ...courses.flatMap((c) => [
      `${c.title}: Completed ${zone}`,
      `${c.title}: Certificate ID`,
      `${c.title}: PD Hours`,
    ]),
  ];
}

/** One member's row of the members CSV. */
function membersCsvRow(
  m: CsvMember,
  { courses, timeZone }: CsvOptions,
  certificates: CsvCertificates,
): (string | number)[] {
  const percent =
    m.progress.totalModules > 0
      ? Math.round((m.progress.completedModules / m.progress.totalModules) * 100)
      : 0;
  return [
    m.name,
    m.email,
    m.emailVerified ? 'Yes' : 'No',
    localDateTime(m.joinedAt, timeZone),
    m.progress.completedModules,
    m.progress.totalModules,
    percent,
    m.pdHours,
    m.certificates,
    m.progress.lastActivity ? localDateTime(m.progress.lastActivity, timeZone) : 'Never',
    ...courses.map((c) => m.progress.courseStats[c.slug]?.completed ?? 0),
    ...courses.flatMap((c) => {
      const certificate = certificates.get(m.id)?.get(c.slug);
      return certificate
        ? [localDateTime(certificate.completedAt, timeZone), certificate.id, certificate.pdHours]
        : ['', '', ''];
    }),
  ];
}

/** The members as one CSV file (one row per member, in the order given). */
export function membersCsv(
  members: readonly CsvMember[],
  { certificates = new Map(), ...options }: CsvOptions & { certificates?: CsvCertificates },
): string {
  return csvTable(
    membersCsvHeader(options),
    members.map((m) => membersCsvRow(m, options, certificates)),
  );
}

/**
 * The same file a page of members at a time (issue 31 item 5): the header, then each page's rows, a
 * slice at a time in the turns the process's downloads share (api/src/turns.ts, decision 123), so other
 * requests are served between slices however many admins download at once. The download's memory is
 * one page's whatever the group's size.
 */
export async function* membersCsvChunks(
  pages: AsyncIterable<{ members: readonly CsvMember[]; certificates: CsvCertificates }>,
  options: CsvOptions,
): AsyncGenerator<string> {
  yield csvLine(membersCsvHeader(options));
  for await (const { members, certificates } of pages)
    yield* inSlices(members, (m) => csvLine(membersCsvRow(m, options, certificates)));
}

export function presentJoinLink(link: JoinLinkRow, now: Date): JoinLink {
  return {
    id: link.id,
    status: joinLinkStatus(link, now),
    max_uses: link.maxUses,
    uses: link.uses,
    allowed_domains: link.allowedDomains,
    created_at: link.createdAt.toISOString(),
    expires_at: link.expiresAt.toISOString(),
    revoked_at: link.revokedAt?.toISOString() ?? null,
    last_used_at: link.lastUsedAt?.toISOString() ?? null,
  };
}

export function presentRosterImport(view: {
  record: { id: string; createdAt: Date; rows: number; invited: number; skipped: number };
  createdBy: string | null;
  progress: RosterImport['progress'];
}): RosterImport {
  return {
    id: view.record.id,
    created_at: view.record.createdAt.toISOString(),
    created_by: view.createdBy,
    rows: view.record.rows,
    invited: view.record.invited,
    skipped: view.record.skipped,
    progress: view.progress,
  };
}
