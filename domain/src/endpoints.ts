import { z } from 'zod';
import { AdminUserListResponse, AuditListResponse, UpdateRoleRequest } from './admin.js';
import {
  ForgotPasswordRequest,
  LoginRequest,
  OkResponse,
  RegisterRequest,
  RegisterResponse,
  ResendVerificationRequest,
  ResetPasswordRequest,
} from './auth.js';
import { AnalyticsDashboard } from './analytics.js';
import {
  AssignmentMailSetting,
  AssignmentMailSettingsResponse,
  CreateAssignmentsRequest,
  CreateAssignmentsResponse,
  GroupAssignmentsResponse,
  MyAssignmentsResponse,
  UpdateAssignmentMailRequest,
} from './assignments.js';
import {
  CertificateListResponse,
  CertificateVerifyResponse,
  IssueCertificateResponse,
} from './certificates.js';
import { FaqResponse, LegalPageResponse, PromptLibraryResponse } from './content-api.js';
import { DevMailboxResponse } from './dev-mailbox.js';
import {
  CreateJoinLinkRequest,
  CreateJoinLinkResponse,
  DeliveryHelpResponse,
  InviteRemindersRequest,
  InviteRemindersResponse,
  JoinLink,
  JoinLinkListResponse,
  JoinLinkLookupResponse,
  JoinResponse,
  RosterImportDetailResponse,
  RosterImportListResponse,
  RosterImportRequest,
  RosterImportResponse,
} from './district.js';
import { endpoint, endpointUrl, type Endpoint } from './endpoint-core.js';
import { analyticsEndpoints } from './endpoints-analytics.js';
import { firstLoadEndpoints } from './endpoints-first-load.js';
import { learningEndpoints } from './endpoints-learning.js';
import { InviteLookupResponse } from './invite-lookup.js';
import {
  LoginResponse,
  MfaDisableRequest,
  MfaEnableRequest,
  MfaEnableResponse,
  MfaRecoveryCodesRequest,
  MfaRecoveryCodesResponse,
  MfaSetupRequest,
  MfaSetupResponse,
  MfaStatusResponse,
  MfaVerifyRequest,
  MfaVerifyResponse,
} from './mfa.js';
import { publicContentPaths } from './service-worker-protocol.js';
import { ssoEndpoints } from './endpoints-sso.js';
import { groupAdminEndpoints } from './group-admin.js';
import { transcriptEndpoints } from './transcript.js';
import {
  AcceptInviteRequest,
  AcceptInviteResponse,
  AdminLicenseGroupListResponse,
  CreateLicenseGroupRequest,
  CreateLicenseGroupResponse,
  GroupMembersResponse,
  Invite,
  LicenseGroup,
  LicenseGroupListResponse,
  RemovedResponse,
  SendInvitesRequest,
  SendInvitesResponse,
  UpdateLicenseCountRequest,
} from './licences.js';
import {
  CheckoutSessionStatusResponse,
  CreateCheckoutSessionRequest,
  RedirectUrlResponse,
  SubscriptionResponse,
} from './premium.js';

export * from './endpoint-core.js';
export { analyticsEndpoints } from './endpoints-analytics.js';
export { firstLoadEndpoints } from './endpoints-first-load.js';
export { learningEndpoints } from './endpoints-learning.js';
export { ssoEndpoints } from './endpoints-sso.js';

/** GET /api/health: the first form with 200 when the database answers, the second with 503. */
export const HealthResponse = z.union([
  z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  z.object({ status: z.literal('unavailable'), error: z.string() }),
]);
export type HealthResponse = z.infer<typeof HealthResponse>;

/** POST /api/stripe/webhook: the event was received, and what handling it did. */
export const WebhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});
export type WebhookResponse = z.infer<typeof WebhookResponse>;

/**
 * The folder of the demo payment provider's pages: their forms post there, and those requests read
 * their own (form-encoded) body.
 */
export const demoPagesPrefix = '/api/stripe/demo/';

/**
 * Every api call, once: `{method, path, request, response}` with the contracts of this package
 * (product-spec.md section 7). The pwa's fetchers build their URLs with `endpointUrl` and validate
 * answers with `response`; the tests' stubs are typed by it; the api's routers serve each entry with
 * `route` (api/src/route.ts), and api/src/endpoints.test.ts checks every route is an entry and every
 * entry a route.
 * A path parameter is `:name`. `response` undefined: the answer is not JSON (a PDF, a redirect, a
 * page); `request` undefined: no body is read.
 */
export const endpoints = {
  ...firstLoadEndpoints,

  // Accounts (spec section 7).
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    request: RegisterRequest,
    response: RegisterResponse,
  }),
  /** The user, or `{mfa}`: the two-step sign-in's code (or its setup, for an admin) comes next. */
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    request: LoginRequest,
    response: LoginResponse,
  }),
  // Two-step sign-in (issue 17, decision 077). New calls in the spec's style.
  mfaVerify: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/verify',
    request: MfaVerifyRequest,
    response: MfaVerifyResponse,
  }),
  mfaStatus: endpoint({ method: 'GET', path: '/api/auth/mfa', response: MfaStatusResponse }),
  mfaSetup: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/setup',
    request: MfaSetupRequest,
    response: MfaSetupResponse,
  }),
  mfaEnable: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/enable',
    request: MfaEnableRequest,
    response: MfaEnableResponse,
  }),
  mfaDisable: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/disable',
    request: MfaDisableRequest,
    response: OkResponse,
  }),
  mfaRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/recovery-codes',
    request: MfaRecoveryCodesRequest,
    response: MfaRecoveryCodesResponse,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/auth/resend-verification',
    request: ResendVerificationRequest,
    response: OkResponse,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    request: ForgotPasswordRequest,
    response: OkResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    request: ResetPasswordRequest,
    response: OkResponse,
  }),
  /** The link of the verification e-mail: redirects to the app. */
  verifyEmail: endpoint({ method: 'GET', path: '/api/auth/verify-email' }),
  // Google, Microsoft and district sign-in (issue 27 part 3).
  ...ssoEndpoints,
  ...transcriptEndpoints,

  // The Super Admin Dashboard (spec section 7; issue 14). Query strings: admin.ts.
  adminUsers: endpoint({ method: 'GET', path: '/api/admin/users', response: AdminUserListResponse }),
  updateUserRole: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:userId/role',
    request: UpdateRoleRequest,
    response: OkResponse,
  }),
  verifyUserEmail: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/verify-email',
    response: OkResponse,
  }),
  deleteUser: endpoint({ method: 'DELETE', path: '/api/admin/users/:userId', response: OkResponse }),
  /** New (decision 077): a lost phone and lost recovery codes: the user sets it up again or goes without. */
  resetUserMfa: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/reset-mfa',
    response: OkResponse,
  }),
  /** New: the audit log of admin actions, newest first. */
  adminAudit: endpoint({ method: 'GET', path: '/api/admin/audit', response: AuditListResponse }),

  // Group licences (spec section 7; issue 18). The calls marked new follow the spec's style.
  createLicenseGroup: endpoint({
    method: 'POST',
    path: '/api/license-groups',
    request: CreateLicenseGroupRequest,
    response: CreateLicenseGroupResponse,
  }),
  licenseGroups: endpoint({ method: 'GET', path: '/api/license-groups', response: LicenseGroupListResponse }),
  myLicenseGroups: endpoint({
    method: 'GET',
    path: '/api/license-groups/me',
    response: AdminLicenseGroupListResponse,
  }),
  licenseGroupMembers: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/members',
    response: GroupMembersResponse,
  }),
  /** New: the members as a CSV file (an attachment, not JSON). */
  licenseGroupMembersCsv: endpoint({ method: 'GET', path: '/api/license-groups/:groupId/members.csv' }),
  /** New: the licence admin removes a member; the seat is free again. */
  removeLicenseGroupMember: endpoint({
    method: 'DELETE',
    path: '/api/license-groups/:groupId/members/:userId',
    response: RemovedResponse,
  }),
  updateLicenseCount: endpoint({
    method: 'PATCH',
    path: '/api/license-groups/:groupId/license-count',
    request: UpdateLicenseCountRequest,
    response: LicenseGroup,
  }),
  sendInvites: endpoint({
    method: 'POST',
    path: '/api/invites',
    request: SendInvitesRequest,
    response: SendInvitesResponse,
  }),
  invite: endpoint({ method: 'GET', path: '/api/invites/:code', response: InviteLookupResponse }),
  /** New: a signed-in teacher accepts an invitation sent to their address. */
  acceptInvite: endpoint({
    method: 'POST',
    path: '/api/invites/accept',
    request: AcceptInviteRequest,
    response: AcceptInviteResponse,
  }),
  /** New: send a pending invitation again (new code, new expiry). */
  resendInvite: endpoint({ method: 'POST', path: '/api/invites/:inviteId/resend', response: Invite }),
  /** New: revoke a pending invitation; its seat is free again. */
  revokeInvite: endpoint({ method: 'POST', path: '/api/invites/:inviteId/revoke', response: Invite }),

  // Onboarding a district (issue 27): roster import, join links, reminders and delivery.
  /** A roster's preview (`dryRun`) or its import: one result per row. */
  rosterImport: endpoint({
    method: 'POST',
    path: '/api/license-groups/:groupId/roster',
    request: RosterImportRequest,
    response: RosterImportResponse,
  }),
  rosterImports: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/roster-imports',
    response: RosterImportListResponse,
  }),
  rosterImportDetail: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/roster-imports/:importId',
    response: RosterImportDetailResponse,
  }),
  createJoinLink: endpoint({
    method: 'POST',
    path: '/api/license-groups/:groupId/join-links',
    request: CreateJoinLinkRequest,
    response: CreateJoinLinkResponse,
  }),
  joinLinks: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/join-links',
    response: JoinLinkListResponse,
  }),
  revokeJoinLink: endpoint({
    method: 'POST',
    path: '/api/license-groups/:groupId/join-links/:linkId/revoke',
    response: JoinLink,
  }),
  inviteReminders: endpoint({
    method: 'PATCH',
    path: '/api/license-groups/:groupId/invite-reminders',
    request: InviteRemindersRequest,
    response: InviteRemindersResponse,
  }),
  /** The sender a district's mail filter must let through. */
  deliveryHelp: endpoint({
    method: 'GET',
    path: '/api/license-groups/delivery-help',
    response: DeliveryHelpResponse,
  }),
  /** A join link's group and what joining needs (public, rate-limited). */
  joinLink: endpoint({ method: 'GET', path: '/api/join/:code', response: JoinLinkLookupResponse }),
  /** The signed-in teacher joins with the link. */
  join: endpoint({ method: 'POST', path: '/api/join/:code', response: JoinResponse }),
  // Who manages what, and a group's audit entries (issue 28, parts 1 and 4; decisions 110, 111).
  ...groupAdminEndpoints,

  // Assigned courses, due dates and nudges (issue 28, part 2; decisions 113-115).
  createAssignments: endpoint({
    method: 'POST',
    path: '/api/license-groups/:groupId/assignments',
    request: CreateAssignmentsRequest,
    response: CreateAssignmentsResponse,
  }),
  /** Per assignment and member (and invited person): the status, with filters and pages. */
  groupAssignments: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/assignments',
    response: GroupAssignmentsResponse,
  }),
  removeAssignment: endpoint({
    method: 'DELETE',
    path: '/api/license-groups/:groupId/assignments/:assignmentId',
    response: RemovedResponse,
  }),
  assignmentMails: endpoint({
    method: 'GET',
    path: '/api/license-groups/:groupId/assignment-mails',
    response: AssignmentMailSettingsResponse,
  }),
  updateAssignmentMail: endpoint({
    method: 'PATCH',
    path: '/api/license-groups/:groupId/assignment-mails/:kind',
    request: UpdateAssignmentMailRequest,
    response: AssignmentMailSetting,
  }),
  /** The signed-in teacher's assigned courses. */
  myAssignments: endpoint({ method: 'GET', path: '/api/assignments', response: MyAssignmentsResponse }),

  // Content and the Prompt Library.
  faq: endpoint({ method: 'GET', path: publicContentPaths.faq, response: FaqResponse }),
  legalPage: endpoint({ method: 'GET', path: publicContentPaths.legalPage, response: LegalPageResponse }),
  prompts: endpoint({ method: 'GET', path: publicContentPaths.prompts, response: PromptLibraryResponse }),

  // Printable templates (issue 19): the list and a template are in learningEndpoints.
  /** The same template as a self-contained HTML file (an attachment, not JSON). */
  templateDownload: endpoint({ method: 'GET', path: '/api/templates/:slug/download' }),

  // Progress and the offline sync: learningEndpoints, with the course and the templates.
  ...learningEndpoints,

  // Certificates.
  certificates: endpoint({ method: 'GET', path: '/api/certificates', response: CertificateListResponse }),
  issueCertificate: endpoint({
    method: 'POST',
    path: '/api/certificates/:courseSlug',
    response: IssueCertificateResponse,
  }),
  /** The PDF. */
  certificatePdf: endpoint({ method: 'GET', path: '/api/certificates/:courseSlug/download' }),
  /** 200 when the certificate exists, 404 when not yet. */
  certificateExists: endpoint({ method: 'HEAD', path: '/api/certificates/:courseSlug/download' }),
  verifyCertificate: endpoint({
    method: 'GET',
    path: '/api/certificates/verify/:id',
    response: CertificateVerifyResponse,
  }),

  // Payments.
  createCheckoutSession: endpoint({
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    request: CreateCheckoutSessionRequest,
    response: RedirectUrlResponse,
  }),
  customerPortal: endpoint({
    method: 'POST',
    path: '/api/stripe/customer-portal',
    response: RedirectUrlResponse,
  }),
  checkoutSession: endpoint({
    method: 'GET',
    path: '/api/stripe/checkout-session/:id',
    response: CheckoutSessionStatusResponse,
  }),
  subscription: endpoint({ method: 'GET', path: '/api/stripe/subscription', response: SubscriptionResponse }),
  /** Stripe's signed events (raw body, verified by signature). */
  stripeWebhook: endpoint({ method: 'POST', path: '/api/stripe/webhook', response: WebhookResponse }),
  /** The demo provider's checkout and portal pages (HTML, form posts that redirect). */
  demoCheckoutPage: endpoint({ method: 'GET', path: `${demoPagesPrefix}checkout/:id` }),
  demoCheckoutSubmit: endpoint({ method: 'POST', path: `${demoPagesPrefix}checkout/:id` }),
  demoPortalPage: endpoint({ method: 'GET', path: `${demoPagesPrefix}portal` }),
  demoPortalSubmit: endpoint({ method: 'POST', path: `${demoPagesPrefix}portal` }),

  // Usage analytics (issue 15): the device's batches, and the dashboard for super admins.
  ...analyticsEndpoints,
  /** Query: from, to (YYYY-MM-DD, inclusive). */
  adminAnalytics: endpoint({ method: 'GET', path: '/api/admin/analytics', response: AnalyticsDashboard }),
  /** One table of the dashboard as a CSV file (an attachment); same query. */
  adminAnalyticsCsv: endpoint({ method: 'GET', path: '/api/admin/analytics/export/:table' }),

  // Operations and development.
  health: endpoint({ method: 'GET', path: '/api/health', response: HealthResponse }),
  devMailbox: endpoint({ method: 'GET', path: '/api/dev/mailbox', response: DevMailboxResponse }),
} as const satisfies Record<string, Endpoint>;

/** Where a certificate's PDF is downloaded (the api presents it as the certificate's `url`). */
export const certificateDownloadPath = (courseSlug: string): string =>
  endpointUrl(endpoints.certificatePdf, { courseSlug });

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** `'GET /api/auth/me'` and so on: the names the tests' stubs answer. */
export type EndpointKey = Endpoints[EndpointName]['key'];
/** The endpoint of a key. */
export type EndpointOf<K extends EndpointKey> = Extract<Endpoints[EndpointName], { key: K }>;
