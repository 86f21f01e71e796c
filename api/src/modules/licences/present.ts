import type { AdminLicenseGroup, Invite, LicenseGroup } from '@pd/domain';
import { inviteStatus, seatCounts } from '@pd/domain';
import type { InviteRow, LicenseGroupRow } from '../../db/schema.js';

export function presentInvite(invite: InviteRow, now: Date): Invite {
  const status = inviteStatus(invite, now);
  return {
    id: invite.id,
    email: invite.email,
    used: status === 'used',
    status,
    created_at: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt.toISOString(),
    last_sent_at: invite.lastSentAt.toISOString(),
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
  };
}

export function presentAdminGroup(
  group: LicenseGroupRow & { purchaserEmail?: string | null },
  usage: { used: number; pending: number },
  invites: InviteRow[],
  now: Date,
): AdminLicenseGroup {
  return { ...presentGroup(group, usage), invites: invites.map((i) => presentInvite(i, now)) };
}

const csvCell = (value: string | number): string => {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The members as CSV (RFC 4180), one row per member. */
export function membersCsv(
  members: {
    name: string;
    email: string;
    emailVerified: boolean;
    joinedAt: string;
    progress: { completedModules: number; totalModules: number; lastActivity: string | null };
    pdHours: number;
    certificates: number;
  }[],
): string {
  const header = [
    'Name',
    'Email',
    'Verified',
    'Joined',
    'Completed Modules',
    'Total Modules',
    'Percent',
    'PD Hours',
    'Certificates',
    'Last Activity',
  ];
  const rows = members.map((m) => {
    const percent =
      m.progress.totalModules > 0
        ? Math.round((m.progress.completedModules / m.progress.totalModules) * 100)
        : 0;
    return [
      m.name,
      m.email,
      m.emailVerified ? 'Yes' : 'No',
      m.joinedAt,
      m.progress.completedModules,
      m.progress.totalModules,
      percent,
      m.pdHours,
      m.certificates,
      m.progress.lastActivity ?? 'Never',
    ];
  });
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
