import {
  assignmentMailKinds,
  auditActions,
  auditTargetTypes,
  licenseGroupStatuses,
  planTypes,
  roles,
} from '@pd/domain';
import type { TranscriptCourse } from '@pd/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

// The domain's lists are the columns' values (decision 084): a text column with `enum` is a type, not
// a database constraint, so a value added in the domain changes no migration.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Always stored lower-case (the domain schema lower-cases it). */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('free'),
    emailVerified: boolean('email_verified').notNull().default(false),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    /** Invite code given at sign-up, kept for the licence-group flow. */
    inviteCode: text('invite_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's user list (issue 14) sorts by joined. The user and member searches (decision 081)
  // read the generated column `search_text` (the folded name and e-mail) on its trigram GIN index,
  // both hand-written in migration search_trigrams, and left out of this table on purpose.
  (t) => [index('users_created_at_idx').on(t.createdAt, t.id)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the random id carried by the cookie; the id itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the token in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verification', 'password_reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_id_idx').on(t.userId)],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** pending -> sent (over SMTP or into the dev mailbox) | failed (gave up after max attempts). */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; lets several api instances drain one outbox. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

export const rateLimits = pgTable('rate_limits', {
  /** `<bucket>:ip:<hmac of the address>` or `<bucket>:account:<hmac of the e-mail or token>`. */
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type OutboxRow = typeof emailOutbox.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Progress, offline sync and certificates (docs/ARCHITECTURE.md "Offline-first: how data moves", ADR 004).

/** The server's record of one module of one course for one teacher: graded here, never by the client. */
export const progress = pgTable(
  'progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    moduleId: integer('module_id').notNull(),
    completed: boolean('completed').notNull().default(false),
    bestScore: integer('best_score').notNull().default(0),
    /** The chosen answers of the best attempt, one zero-based choice per question. */
    answers: jsonb('answers')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Server time of the first passing attempt; never the device's clock. */
    firstCompletedAt: timestamp('first_completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseSlug, t.moduleId] })],
);

/**
 * One row per (teacher, course) that has ever been touched: the course's reset generation, and the
 * row every merge of that course locks (SELECT ... FOR UPDATE) so merges of one course serialize.
 */
export const courseGenerations = pgTable(
  'course_generations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    generation: integer('generation').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseSlug] })],
);

/** Exactly-once sync: an op id is inserted here in the same transaction as its merge. */
export const syncReceipts = pgTable(
  'sync_receipts',
  {
    opId: uuid('op_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['applied', 'rejected'] }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  // Keyed by user and op id (issue 17): another teacher's op with the same id is not a duplicate.
  (t) => [primaryKey({ columns: [t.userId, t.opId] })],
);

/**
 * When a course's content first reached a teacher from the server (a page load or a course download):
 * the start of the time on task a module's completion must show (issue 17, decision 075).
 */
export const contentReceipts = pgTable(
  'content_receipts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseSlug] })],
);
export type ContentReceiptRow = typeof contentReceipts.$inferSelect;

/**
 * Two-step sign-in (issue 17, decision 077): the user's TOTP secret, encrypted with a key derived
 * from SESSION_SECRET (AES-256-GCM), and the last time step a code was accepted for (a code is
 * good once). A row exists once the user has confirmed a first code.
 */
export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  lastTimeStep: integer('last_time_step'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
});
export type UserMfaRow = typeof userMfa.$inferSelect;

/** The single-use recovery codes, as SHA-256 hashes (each has 50 random bits). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * Issue 30 point 4 (decision 092): the codes tried on one half-done sign-in, counted by one atomic
 * update before each check, so parallel requests never check more than `mfaRules.maxAttempts`. The
 * id is the half-done sign-in's (random, in its session); rows end with it (`expiresAt`).
 */
export const mfaSignInAttempts = pgTable(
  'mfa_sign_in_attempts',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mfa_sign_in_attempts_expires_idx').on(t.expiresAt)],
);

/**
 * Google, Microsoft and district sign-in (issue 27 part 3, decision 101): an account's identities at
 * OpenID Connect providers, keyed on (issuer, subject), never on the e-mail. `hostedDomain` is
 * Google's `hd`, `tenantId` Microsoft's `tid`, kept for join links restricted to a district's domains.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The address the provider gave at the last sign-in, and whether it vouched for it. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    hostedDomain: text('hosted_domain'),
    tenantId: text('tenant_id'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('sso_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('sso_identities_user_id_idx').on(t.userId),
  ],
);
export type SsoIdentityRow = typeof ssoIdentities.$inferSelect;

/**
 * The code e-mailed to prove an address before an SSO identity is linked to its account (decision
 * 112): one row per pending link (its id is random, in the sealed `sso_link` cookie), the code as an
 * HMAC under a key of SESSION_SECRET (never the code), its tries counted by one atomic update before
 * each check. Rows end with the code (`expiresAt`); expired ones are removed when a code is sent.
 */
export const ssoLinkCodes = pgTable(
  'sso_link_codes',
  {
    linkId: text('link_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_link_codes_expires_idx').on(t.expiresAt)],
);
export type SsoLinkCodeRow = typeof ssoLinkCodes.$inferSelect;

/** An issued certificate: its id is the number printed on it and checked by the public page. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The teacher's account; null once the account was deleted (issue 14): the certificate stays
     * verifiable by its id, with the name printed on it, and nothing else of the teacher.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseSlug: text('course_slug').notNull(),
    /** The teacher's name and the course's title and length as they were when it was issued. */
    teacherName: text('teacher_name').notNull(),
    courseTitle: text('course_title').notNull(),
    totalMinutes: integer('total_minutes').notNull(),
    /**
     * When the course's content first reached the teacher (issue 28 part 3): PD hours never exceed
     * the time from here to completion (`pdHoursOf`). Null on certificates issued before it was kept.
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('certificates_user_course_unique').on(t.userId, t.courseSlug)],
);

/** Binary bytes (`pg` answers a Buffer, PGlite a Uint8Array: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A certificate's PDF as first rendered (issue 17): downloads send these bytes instead of drawing the
 * PDF again. `version` names the layout and the verification address it was drawn with; a
 * different one is rendered again and replaces the row.
 */
export const certificatePdfs = pgTable('certificate_pdfs', {
  certificateId: uuid('certificate_id')
    .primaryKey()
    .references(() => certificates.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});

export type ProgressRow = typeof progress.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;

/**
 * A PD transcript as issued (issue 28 part 3, decision 116): the courses, dates and hours the teacher
 * had when it was drawn, kept for its public page under its id. Like a certificate, it outlives the
 * account (`userId` becomes null) with the name printed on it. `digest` finds the teacher's latest
 * transcript of the same contents, so asking again does not issue a new one.
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    teacherName: text('teacher_name').notNull(),
    schoolYearStart: text('school_year_start').notNull(),
    timeZone: text('time_zone').notNull(),
    courses: jsonb('courses').$type<TranscriptCourse[]>().notNull(),
    digest: text('digest').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('transcripts_user_digest_idx').on(t.userId, t.digest)],
);
export type TranscriptRow = typeof transcripts.$inferSelect;

/** The teacher's own start of the school year for their transcript (MM-DD). */
export const transcriptSettings = pgTable('transcript_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolYearStart: text('school_year_start').notNull(),
});

// ---------------------------------------------------------------------------------------------------
// Payments (docs/ARCHITECTURE.md, P9, ADR 009): Stripe or the demo provider.

/** One payment-provider customer per user, created once, on the first checkout. */
export const stripeCustomers = pgTable('stripe_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `cus_...` at Stripe, `demo_cus_...` with the demo provider. */
  customerId: text('customer_id').notNull().unique(),
  provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
  createdAt: createdAt(),
});

/** The provider's subscription as last fetched from it; the user's role follows these rows. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** Stripe's subscription id (`sub_...`), or `demo_sub_...`. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    customerId: text('customer_id').notNull(),
    /** Stripe's status: active, trialing, past_due, incomplete, incomplete_expired, canceled, unpaid, paused. */
    status: text('status').notNull(),
    plan: text('plan', { enum: planTypes }).notNull(),
    priceId: text('price_id').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The period end the owner was last reminded of (a renewal reminder goes once per period). */
    renewalRemindedFor: timestamp('renewal_reminded_for', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_id_idx').on(t.userId)],
);

/** Exactly-once webhook handling: an event id is inserted in the same transaction as its effect. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every checkout session we created: who owns it (for the success page) and, for the demo, its state. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** `cs_...` at Stripe, `demo_cs_...` with the demo provider. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    plan: text('plan', { enum: planTypes }).notNull(),
    priceId: text('price_id').notNull(),
    /** Demo provider: open -> complete | expired. Stripe sessions: Stripe's state is fetched. */
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** Demo provider: the promotion code entered on the page (LAUNCH30). */
    promotionCode: text('promotion_code'),
    subscriptionId: text('subscription_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_sessions_user_id_idx').on(t.userId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Group licences (issue 18): groups, e-mailed invitations and the seats members hold.

/** A school's licence group. Every change of its seats locks this row (SELECT ... FOR UPDATE). */
export const licenseGroups = pgTable(
  'license_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The license_admin who bought it; a deleted account leaves the group without one. */
    purchaserId: uuid('purchaser_id').references(() => users.id, { onDelete: 'set null' }),
    licenseCount: integer('license_count').notNull(),
    status: text('status', { enum: licenseGroupStatuses }).notNull().default('active'),
    /** Pending invitations get a reminder on day 3 and day 10 unless the licence admin turns it off (issue 27). */
    inviteReminders: boolean('invite_reminders').notNull().default(true),
    /**
     * The term (issue 28, decision 110): the first day of access and the first day without it
     * (`YYYY-MM-DD`, UTC); null: from the start, open-ended. `isMembershipLive` (domain) reads them.
     */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The first day of the group's school year for its transcripts, MM-DD (issue 28 part 3); null: 1 July. */
    schoolYearStart: text('school_year_start'),
    createdAt: createdAt(),
  },
  (t) => [index('license_groups_purchaser_idx').on(t.purchaserId)],
);

/**
 * A group's co-admins (issue 28, decision 110): licence-admin accounts that manage the group beside
 * its purchaser (`license_groups.purchaser_id`, who is not listed here).
 */
export const licenseGroupAdmins = pgTable(
  'license_group_admins',
  {
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.licenseGroupId, t.userId] }),
    index('license_group_admins_user_idx').on(t.userId),
  ],
);

/** An invitation: the code in the link is never stored, only its SHA-256. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lower-case). */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    /**
     * The SHA-256 of the codes of earlier e-mails of this invitation (a resend adds the code it
     * replaces): every link the teacher was sent works until the invitation is used (issue 26).
     */
    earlierCodeHashes: text('earlier_code_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Reminders sent since the last send (issue 27): the claim raises it, a resend sets it back to 0. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** The outbox row of the newest e-mail of this invitation: its delivery ('not delivered' and why). */
    lastMailId: uuid('last_mail_id'),
    /** The roster import that created it, if any (issue 27). */
    rosterImportId: uuid('roster_import_id'),
  },
  (t) => [
    index('invites_group_idx').on(t.licenseGroupId, t.email),
    index('invites_roster_import_idx').on(t.rosterImportId),
    index('invites_earlier_codes_idx').using('gin', t.earlierCodeHashes),
  ],
);

/** A seat: one per user. Deleting the account or leaving the group frees it; progress stays the user's. */
export const licenseMemberships = pgTable(
  'license_memberships',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('license_memberships_group_idx').on(t.licenseGroupId)],
);

export type LicenseGroupRow = typeof licenseGroups.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;

/** A roster import (issue 27): who sent how many rows when; its rows below. */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    rows: integer('rows').notNull(),
    invited: integer('invited').notNull(),
    skipped: integer('skipped').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('roster_imports_group_idx').on(t.licenseGroupId, t.createdAt)],
);

/** One row of a roster import and what became of it (the invitation it created, or why it was skipped). */
export const rosterImportRows = pgTable(
  'roster_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => rosterImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    /** As written in the file (trimmed); the invitation keeps the normalised form. */
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    school: text('school'),
    reason: text('reason'),
    inviteId: uuid('invite_id').references(() => invites.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] }), index('roster_import_rows_email_idx').on(t.email)],
);

/** A join link (issue 27): the code is never stored, only its SHA-256. */
export const joinLinks = pgTable(
  'join_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    /** Lower-case e-mail domains a joining address must have; empty: any. */
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('join_links_group_idx').on(t.licenseGroupId, t.createdAt)],
);

export type RosterImportRow = typeof rosterImports.$inferSelect;
export type RosterImportRowRow = typeof rosterImportRows.$inferSelect;
export type JoinLinkRow = typeof joinLinks.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Assigned courses, due dates and nudges (issue 28, part 2; decisions 113-115).

/** One course assigned in a group: to the whole group (later members too) or to the members listed below. */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    /** A calendar day of the group's time zone (decision 114); still on time on the day itself. */
    dueDate: date('due_date', { mode: 'string' }),
    wholeGroup: boolean('whole_group').notNull(),
    /** The group's local day it was made: the 7-day "not started" nudge counts from it. */
    assignedOn: date('assigned_on', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('assignments_group_idx').on(t.licenseGroupId)],
);

/** The chosen members of an assignment that is not the whole group's. */
export const assignmentMembers = pgTable(
  'assignment_members',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('assignment_members_user_idx').on(t.userId),
  ],
);

/** Each automatic e-mail of an assignment, once per member and kind: the row is the claim. */
export const assignmentNudges = pgTable(
  'assignment_nudges',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: assignmentMailKinds }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.userId, t.kind] })],
);

/** The weekly digest of a group, once per week (keyed by the week's Monday). */
export const assignmentDigests = pgTable(
  'assignment_digests',
  {
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    weekOf: date('week_of', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.licenseGroupId, t.weekOf] })],
);

/** A group's own version of an automatic e-mail: on or off, its subject and first paragraph (null: the default). */
export const assignmentMailSettings = pgTable(
  'assignment_mail_settings',
  {
    licenseGroupId: uuid('license_group_id')
      .notNull()
      .references(() => licenseGroups.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: assignmentMailKinds }).notNull(),
    enabled: boolean('enabled').notNull(),
    subject: text('subject'),
    intro: text('intro'),
  },
  (t) => [primaryKey({ columns: [t.licenseGroupId, t.kind] })],
);

export type AssignmentRowDb = typeof assignments.$inferSelect;
export type AssignmentMailSettingRow = typeof assignmentMailSettings.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// The audit log of admin actions (issue 14): written in the same transaction as each action.

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    /** Who did it; null once that account is deleted (`actorEmail` then reads 'Deleted user'). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    targetType: text('target_type', { enum: auditTargetTypes }).notNull(),
    targetId: text('target_id').notNull(),
    /** The target as a person reads it (an e-mail, a group name); 'Deleted user' after a deletion. */
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The licence group the action belongs to (issue 28): its licence admins read these entries. */
    licenseGroupId: uuid('license_group_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_target_idx').on(t.targetId),
    // The Activity tab's filters, each a page newest first (issue 28 part 4, bench/audit-log.mjs).
    index('audit_log_group_at_idx').on(t.licenseGroupId, t.at, t.id),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
    index('audit_log_actor_email_idx').on(sql`lower(${t.actorEmail})`),
    index('audit_log_target_label_idx').on(sql`lower(${t.targetLabel})`),
    index('audit_log_search_idx').using(
      'gin',
      sql`(lower(${t.actorEmail} || ' ' || ${t.targetLabel})) gin_trgm_ops`,
    ),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

// Usage analytics (issue 15, decisions 039-044). No IP address and nothing a teacher typed is stored.

/**
 * The raw events, applied once per device-made id (decision 120). Partitioned by month of
 * `occurred_at` (PARTITION BY RANGE, written by hand in migration 0018: drizzle-kit cannot say it):
 * `analytics_events_YYYY_MM` made ahead by housekeeping, `analytics_events_default` for anything
 * else; retention drops whole months past ANALYTICS_RETENTION_DAYS. The key includes the partition
 * key, as PostgreSQL requires; the id alone is kept unique by the ingest (`store.insertEvents`).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** The device's time, clamped to [received - 30 days, received]. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    sessionId: uuid('session_id').notNull(),
    /** A daily-salted hash of the device's random id (the salt is forgotten after two days). */
    visitorHash: text('visitor_hash').notNull(),
    /** Null: anonymous. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.occurredAt] }),
    index('analytics_events_occurred_at_idx').on(t.occurredAt),
  ],
);

/**
 * Hourly rollups, updated in the ingest's transaction from the rows it inserted (decision 040): the
 * dashboard reads only these. `metric` names the figure, `dim` its value (a path, an event name...).
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    metric: text('metric').notNull(),
    dim: text('dim').notNull(),
    count: integer('count').notNull(),
    /** Seconds (visible time) or USD (conversions). */
    total: doublePrecision('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.hour, t.dim] })],
);

/** One row per visitor and day: the unique visitors of a day (the hash itself is daily). */
export const analyticsDailyVisitors = pgTable(
  'analytics_daily_visitors',
  {
    day: text('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorHash] })],
);

/** The salt of each day's visitor hash; deleted after two days so old hashes cannot be linked. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** The first time each teacher reached a funnel step. */
export const analyticsFunnel = pgTable(
  'analytics_funnel',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);

/** The first-touch attribution a teacher signed up with (decision 043: kept here, not on `users`). */
export const analyticsUserAttribution = pgTable('analytics_user_attribution', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  source: text('source'),
  medium: text('medium'),
  campaign: text('campaign'),
  term: text('term'),
  content: text('content'),
  referrer: text('referrer'),
  createdAt: createdAt(),
});
