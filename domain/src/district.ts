import { z } from 'zod';
import { inviteStatuses } from './licence-rules.js';
import { limits } from './limits.js';

/**
 * Onboarding a district (issue 27): roster import, join links, invitation reminders and delivery.
 * The contracts, the messages and the CSV reader, written once for the api and the page.
 */

// ---------------------------------------------------------------------------------------------------
// Messages

export const districtMessages = {
  rosterEmpty: 'The roster has no rows. Add at least one e-mail address.',
  rosterTooMany: (n: number) =>
    `The roster has ${n} rows; at most ${limits.maxRosterRows} can be imported at once. Split it into several files.`,
  rosterNoEmailColumn:
    'The roster has no e-mail column. Name a column "email" (or put the e-mail address first on each line).',
  rosterRow: (row: number, problem: string) => `Row ${row}: ${problem}`,
  rosterEmailMissing: 'the e-mail address is missing.',
  rosterRowShape: 'a row must be an object such as {"email": "teacher@district.org"}.',
  rosterFieldTooLong: (field: string, max: number) => `the ${field} is longer than ${max} characters.`,
  rosterFieldText: (field: string) => `the ${field} must be text.`,
  rosterNotEnoughSeats: (needed: number, available: number) =>
    `This roster needs ${needed} seats but only ${available} are free. Nothing was sent: remove ${needed - available} rows, or ask for more licenses.`,
  skipMember: 'already a member',
  skipPending: 'already has a pending invitation',
  skipDuplicate: (firstRow: number) => `duplicate in the file (same as row ${firstRow})`,
  skipNotEmail: 'not an e-mail address',
  skipOwnAddress: 'your own address',
  /** A super admin's or another licence admin's address (issue 26): the invite form asks first. */
  skipAdministrator:
    "an administrator's address (they have full access without a seat; to give them one anyway, use Invite Teachers)",
  importNotFound: 'Roster import not found.',
  rosterNothingToInvite: 'Every row of this roster was skipped: there is nobody to invite.',
  // Join links.
  joinMaxUses: `The number of uses must be a whole number from 1 to ${limits.joinLinkMaxUses}.`,
  joinExpiryDays: `The link must expire in 1 to ${limits.joinLinkMaxDays} days.`,
  joinDomain: (domain: string) => `"${domain}" is not an e-mail domain such as district.org.`,
  joinTooManyDomains: `A join link allows at most ${limits.joinLinkMaxDomains} domains.`,
  joinLinkNotFound: 'Join link not found.',
  joinLinkNotActive: 'Only an active join link can be revoked.',
  joinUnknown:
    'This join link is not valid. Check that you opened the whole link or typed the code exactly, or ask your license administrator for a new one.',
  joinUsedUp:
    'This join link has been used as many times as allowed. Please ask your license administrator for a new link or an invitation.',
  joinExpired: 'This join link has expired. Please ask your license administrator for a new one.',
  joinRevoked: 'This join link was withdrawn. Please ask your license administrator for a new one.',
  joinGroupFull:
    'This license group has no free seats left. Please ask your license administrator to free a seat or add licenses.',
  joinWrongDomain: (domains: readonly string[]) =>
    `This join link is for ${domains.map((d) => `@${d}`).join(' or ')} addresses. Sign out, then sign up or sign in with your school address.`,
  joinNeedsVerifiedEmail:
    'This join link needs a verified school address. Open the verification link we e-mailed you, then open this join link again.',
  joinAlreadyMember: 'You already hold a seat of a license group.',
  remindersOn: 'Reminders on: pending invitations get a reminder on day 3 and day 10.',
  remindersOff: 'Reminders off for this group.',
} as const;

export const districtErrorCodes = {
  rosterNotEnoughSeats: 'NOT_ENOUGH_LICENSES',
  joinUnknown: 'INVALID_JOIN_LINK',
  joinUsedUp: 'JOIN_LINK_USED_UP',
  joinExpired: 'JOIN_LINK_EXPIRED',
  joinRevoked: 'JOIN_LINK_REVOKED',
  joinGroupFull: 'GROUP_FULL',
  joinWrongDomain: 'JOIN_LINK_WRONG_DOMAIN',
  joinNeedsVerifiedEmail: 'EMAIL_NOT_VERIFIED',
  joinAlreadyMember: 'ALREADY_MEMBER',
} as const;

// ---------------------------------------------------------------------------------------------------
// Roster import: the CSV, read on the page (and by the bench), and the call.

export interface RosterRowInput {
  email: string;
  firstName?: string;
  lastName?: string;
  school?: string;
}

const headerNames: Record<keyof RosterRowInput, readonly string[]> = {
  email: ['email', 'e-mail', 'emailaddress', 'e-mailaddress', 'mail', 'email_address'],
  firstName: ['firstname', 'first', 'givenname', 'first_name', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'last_name'],
  school: ['school', 'schoolname', 'building', 'campus', 'school_name'],
};

const headerKey = (cell: string): keyof RosterRowInput | null => {
  const name = cell
    .trim()
    .toLowerCase()
    .replace(/[\s.]+/g, '');
  for (const [key, names] of Object.entries(headerNames) as [keyof RosterRowInput, readonly string[]][]) {
    if (names.includes(name) || names.includes(name.replace(/_/g, ''))) return key;
  }
  return null;
};

/** Splits CSV text into records of cells: quotes ("a, b", "" for a quote), CRLF or LF. */
function csvRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push(cells);
  }
  return records;
}

/**
 * Reads a roster: `email[,first name,last name,school]`, with or without a header row (its names in
 * any order and case), `;` or `,` between cells, UTF-8 with or without a byte order mark. Empty
 * lines are left out. Each row keeps its line number in the file (`line`), so results can name it.
 */
export function parseRosterCsv(
  text: string,
): { ok: true; rows: (RosterRowInput & { line: number })[] } | { ok: false; error: string } {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records = csvRecords(clean, delimiter).map((cells, i) => ({ cells, line: i + 1 }));
  const nonEmpty = records.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (nonEmpty.length === 0) return { ok: false, error: districtMessages.rosterEmpty };
  const head = nonEmpty[0]!.cells.map(headerKey);
  const hasHeader = head.some((k) => k !== null) && !nonEmpty[0]!.cells.some((c) => c.includes('@'));
  let columns: (keyof RosterRowInput | null)[] = ['email', 'firstName', 'lastName', 'school'];
  if (hasHeader) {
    if (!head.includes('email')) return { ok: false, error: districtMessages.rosterNoEmailColumn };
    columns = head;
  }
  const body = hasHeader ? nonEmpty.slice(1) : nonEmpty;
  if (body.length === 0) return { ok: false, error: districtMessages.rosterEmpty };
  if (body.length > limits.maxRosterRows) {
    return { ok: false, error: districtMessages.rosterTooMany(body.length) };
  }
  const rows = body.map(({ cells, line }) => {
    const row: RosterRowInput & { line: number } = { email: '', line };
    columns.forEach((key, i) => {
      const value = cells[i]?.trim();
      if (key && value) row[key] = value;
    });
    return row;
  });
  return { ok: true, rows };
}

const optionalText = (field: string, max: number) =>
  z
    .string({ message: districtMessages.rosterFieldText(field) })
    .trim()
    .max(max, districtMessages.rosterFieldTooLong(field, max))
    .optional();

/** One row of a roster as the call takes it. */
export const RosterRow = z.object(
  {
    email: z
      .string({ message: districtMessages.rosterEmailMissing })
      .trim()
      .max(1000, districtMessages.rosterFieldTooLong('e-mail address', 1000)),
    firstName: optionalText('first name', limits.nameMax),
    lastName: optionalText('last name', limits.nameMax),
    school: optionalText('school', 200),
  },
  { message: districtMessages.rosterRowShape },
);
export type RosterRow = z.output<typeof RosterRow>;

/** POST /api/license-groups/{groupId}/roster: a dry run (the preview) or the import. */
export const RosterImportRequest = z.object({
  rows: z
    .array(z.unknown(), { message: districtMessages.rosterEmpty })
    .min(1, districtMessages.rosterEmpty)
    .superRefine((rows, ctx) => {
      if (rows.length > limits.maxRosterRows) {
        ctx.addIssue({ code: 'custom', message: districtMessages.rosterTooMany(rows.length) });
      }
    })
    .transform((rows, ctx) => {
      const parsed: RosterRow[] = [];
      for (const [i, row] of rows.entries()) {
        const result = RosterRow.safeParse(row);
        if (!result.success) {
          const message = result.error.issues[0]?.message ?? districtMessages.rosterEmailMissing;
          ctx.addIssue({ code: 'custom', path: [i], message: districtMessages.rosterRow(i + 1, message) });
          return z.NEVER;
        }
        parsed.push(result.data);
      }
      return parsed;
    }),
  dryRun: z.boolean().default(true),
});
export type RosterImportRequest = z.input<typeof RosterImportRequest>;

export const rosterOutcomes = ['invite', 'invited', 'skipped'] as const;
export type RosterOutcome = (typeof rosterOutcomes)[number];

/** Where an invitation's e-mail is: queued or retrying, sent, or refused by the mail server. */
export const deliveryStatuses = ['sending', 'sent', 'not_delivered'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryLabels: Record<DeliveryStatus, string> = {
  sending: 'Sending',
  sent: 'Sent',
  not_delivered: 'Not delivered',
};
export const Delivery = z.object({ status: z.enum(deliveryStatuses), error: z.string().nullable() });
export type Delivery = z.infer<typeof Delivery>;

export const RosterRowResult = z.object({
  /** 1-based, in the order sent. */
  row: z.number(),
  email: z.string(),
  outcome: z.enum(rosterOutcomes),
  reason: z.string().nullable(),
  /** For an invited row: its invitation's state and its e-mail's delivery. */
  invite_status: z.enum(inviteStatuses).nullable(),
  delivery: Delivery.nullable(),
});
export type RosterRowResult = z.infer<typeof RosterRowResult>;

export const RosterSummary = z.object({
  rows: z.number(),
  to_invite: z.number(),
  skipped: z.number(),
  seats_needed: z.number(),
  seats_available: z.number(),
  /** Not null when the roster cannot be sent: the sentence naming the numbers. */
  refusal: z.string().nullable(),
});
export type RosterSummary = z.infer<typeof RosterSummary>;

export const RosterImportResponse = z.object({
  dry_run: z.boolean(),
  /** The import's id (null for a dry run): GET .../roster-imports/{id} shows its progress. */
  import_id: z.string().nullable(),
  summary: RosterSummary,
  results: z.array(RosterRowResult),
});
export type RosterImportResponse = z.infer<typeof RosterImportResponse>;

/** An import as the page lists it, with its e-mails' progress. */
export const RosterImport = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  rows: z.number(),
  invited: z.number(),
  skipped: z.number(),
  progress: z.object({ sending: z.number(), sent: z.number(), not_delivered: z.number() }),
});
export type RosterImport = z.infer<typeof RosterImport>;
export const RosterImportListResponse = z.array(RosterImport);
export type RosterImportListResponse = z.infer<typeof RosterImportListResponse>;
export const RosterImportDetailResponse = RosterImport.extend({ results: z.array(RosterRowResult) });
export type RosterImportDetailResponse = z.infer<typeof RosterImportDetailResponse>;

// ---------------------------------------------------------------------------------------------------
// Join links

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `@District.org ` -> `district.org`. */
export const normaliseDomain = (value: string): string => value.trim().toLowerCase().replace(/^@/, '');

export const CreateJoinLinkRequest = z.object({
  max_uses: z
    .number({ message: districtMessages.joinMaxUses })
    .int(districtMessages.joinMaxUses)
    .min(1, districtMessages.joinMaxUses)
    .max(limits.joinLinkMaxUses, districtMessages.joinMaxUses),
  expires_in_days: z
    .number({ message: districtMessages.joinExpiryDays })
    .int(districtMessages.joinExpiryDays)
    .min(1, districtMessages.joinExpiryDays)
    .max(limits.joinLinkMaxDays, districtMessages.joinExpiryDays)
    .default(limits.joinLinkDefaultDays),
  allowed_domains: z
    .array(z.string().max(300).transform(normaliseDomain))
    .max(limits.joinLinkMaxDomains, districtMessages.joinTooManyDomains)
    .default([])
    .superRefine((domains, ctx) => {
      const bad = domains.find((d) => !domainPattern.test(d));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: districtMessages.joinDomain(bad) });
    })
    .transform((domains) => [...new Set(domains)]),
});
export type CreateJoinLinkRequest = z.input<typeof CreateJoinLinkRequest>;

export const joinLinkStatuses = ['active', 'used_up', 'expired', 'revoked'] as const;
export type JoinLinkStatus = (typeof joinLinkStatuses)[number];
export const joinLinkStatusLabels: Record<JoinLinkStatus, string> = {
  active: 'Active',
  used_up: 'Used up',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const JoinLink = z.object({
  id: z.string(),
  status: z.enum(joinLinkStatuses),
  max_uses: z.number(),
  uses: z.number(),
  allowed_domains: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type JoinLink = z.infer<typeof JoinLink>;
export const JoinLinkListResponse = z.array(JoinLink);
export type JoinLinkListResponse = z.infer<typeof JoinLinkListResponse>;

/** The code and its link are shown once, at creation: only the code's hash is kept. */
export const CreateJoinLinkResponse = z.object({ join_link: JoinLink, code: z.string(), url: z.string() });
export type CreateJoinLinkResponse = z.infer<typeof CreateJoinLinkResponse>;

/** GET /api/join/{code}: the group and what the teacher needs to join. */
export const JoinLinkLookupResponse = z.object({
  license_group_name: z.string(),
  allowed_domains: z.array(z.string()),
  /** A domain-restricted link needs a verified address of its domains. */
  needs_verified_email: z.boolean(),
  expires_at: z.string(),
});
export type JoinLinkLookupResponse = z.infer<typeof JoinLinkLookupResponse>;

export const JoinResponse = z.object({ licence: z.object({ groupId: z.string(), groupName: z.string() }) });
export type JoinResponse = z.infer<typeof JoinResponse>;

/**
 * A join code as typed: upper case, without the dashes and spaces of its printed form, the letters
 * Crockford's base 32 reads as digits (I, L -> 1; O -> 0) mapped.
 */
export const normaliseJoinCode = (code: string): string =>
  code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');

/** The printed form: groups of four (`ABCD-EFGH-...`). */
export const formatJoinCode = (code: string): string =>
  normaliseJoinCode(code).replace(/(.{4})(?=.)/g, '$1-');

// ---------------------------------------------------------------------------------------------------
// Reminders and delivery help

export const InviteRemindersRequest = z.object({ enabled: z.boolean() });
export type InviteRemindersRequest = z.input<typeof InviteRemindersRequest>;
export const InviteRemindersResponse = z.object({ invite_reminders: z.boolean() });

/** GET /api/license-groups/delivery-help: what a district's mail filter must let through. */
export const DeliveryHelpResponse = z.object({ sender_address: z.string(), sender_domain: z.string() });
export type DeliveryHelpResponse = z.infer<typeof DeliveryHelpResponse>;
