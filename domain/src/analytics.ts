import { z } from 'zod';
import { anonymousUserId, conversionTypes } from './analytics-device.js';

/**
 * Usage analytics (issue 15; spec sections 1, 2, 3, 7 and 9): every event's properties, the
 * conversion rules and the contracts of `POST /api/analytics/events` and `GET /api/admin/analytics`.
 * Privacy rule: no property may carry anything a teacher typed (answers, prompts, names, e-mails);
 * every property schema is strict, so an unexpected field rejects the event.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const slug = z
  .string()
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a course slug');
const moduleId = z.number().int().positive().max(1000);
const seconds = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 * 60);
const planType = z.enum(['quarterly', 'annual']);
const money = z.number().min(0).max(100_000);

/** The attribution record of spec section 3 (session-scoped); every field optional. */
export const Attribution = z.strictObject({
  utm_source: text(100).optional(),
  utm_medium: text(100).optional(),
  utm_campaign: text(100).optional(),
  utm_term: text(100).optional(),
  utm_content: text(100).optional(),
  /** The referring site's origin (never its path: it may carry a search a teacher typed). */
  referrer: text(200).optional(),
  /** ISO time the record was made. */
  timestamp: z.iso.datetime({ offset: true }).optional(),
});
export type Attribution = z.infer<typeof Attribution>;

export const ConversionType = z.enum(conversionTypes);
export type ConversionType = z.infer<typeof ConversionType>;

const empty = z.strictObject({});
const courseModule = z.strictObject({ courseSlug: slug, moduleId });

/** Every event of spec section 7 (plus the page tracker's and the test page's), with its properties. */
export const analyticsEventProps = {
  /** The tracker: the path (the event's `path`) is shown. */
  page_view: z.strictObject({ title: text(200).optional() }),
  /** The tracker: the seconds the page at `path` was visible, sent when the path changes or the page hides. */
  time_on_page: z.strictObject({ seconds }),
  /** A new page session: its attribution (last touch) and the device's first one (first touch). */
  session_started: z.strictObject({ attribution: Attribution, firstTouch: Attribution }),
  /** The first visit of this device. */
  first_visit: empty,
  module_started: courseModule,
  module_completed: courseModule,
  quiz_attempted: courseModule,
  quiz_completed: z.strictObject({
    courseSlug: slug,
    moduleId,
    score: z.number().int().min(0).max(100),
    passed: z.boolean(),
  }),
  quiz_time_spent: z.strictObject({ courseSlug: slug, moduleId, seconds }),
  upgrade_prompt_viewed: z.strictObject({ placement: text(60).optional(), courseSlug: slug.optional() }),
  upgrade_modal_opened: empty,
  plan_selected: z.strictObject({ planType, value: money.optional() }),
  checkout_initiated: z.strictObject({
    planType,
    value: money.optional(),
    currency: z.literal('USD').optional(),
  }),
  checkout_failed: z.strictObject({ planType, reason: text(200) }),
  payment_success: z.strictObject({
    planType,
    value: money,
    currency: z.literal('USD'),
    sessionId: text(200).optional(),
  }),
  content_interaction: z.strictObject({
    kind: text(60),
    courseSlug: slug.optional(),
    moduleId: moduleId.optional(),
  }),
  feature_discovered: z.strictObject({ feature: text(60) }),
  course_completion: z.strictObject({ courseSlug: slug }),
  course_page_view: z.strictObject({ courseSlug: slug }),
  course_access_prompt: z.strictObject({ courseSlug: slug.optional(), courseTitle: text(200) }),
  prompt_library_visit: empty,
  prompt_copy: z.strictObject({ promptId: text(100) }),
  faq_visit: empty,
  certificate_download: z.strictObject({ courseSlug: slug }),
  time_milestone: z.strictObject({ seconds, value: money.optional() }),
  banner_dismissed: z.strictObject({ banner: text(60) }),
  /** A conversion (spec section 7): de-duplicated on the device per type and user within a page session. */
  conversion: z.strictObject({
    type: ConversionType,
    value: money,
    currency: z.literal('USD'),
    /** Purchase items: '{product} {plan} Subscription'. */
    items: z.array(text(120)).max(5).optional(),
  }),
  /** Fired by the buttons of /analytics-test. */
  test_event: z.strictObject({ label: text(60) }),
} as const;

export type AnalyticsEventName = keyof typeof analyticsEventProps;
export const analyticsEventNames = Object.keys(analyticsEventProps) as AnalyticsEventName[];
export type AnalyticsProps<N extends AnalyticsEventName> = z.input<(typeof analyticsEventProps)[N]>;

export const isAnalyticsEventName = (name: string): name is AnalyticsEventName =>
  Object.prototype.hasOwnProperty.call(analyticsEventProps, name);

/** The envelope of one event as the device sends it; `props` are checked against the name's schema. */
export const AnalyticsEnvelope = z.object({
  /** Made on the device; the server applies an event once per id. */
  id: z.uuid({ message: 'id must be a UUID made on the device' }),
  name: z.string().min(1).max(60),
  /** The device's time (ISO); the server clamps it to [now - 30 days, now]. */
  at: z.iso.datetime({ offset: true, message: 'at must be an ISO time' }),
  /** The page session (one tab's visit). */
  sessionId: z.uuid({ message: 'sessionId must be a UUID' }),
  /** A random id kept on the device; never derived from the person. */
  deviceId: z.uuid({ message: 'deviceId must be a UUID' }),
  /** The signed-in teacher's id, or 'anonymous'. */
  userId: z.union([z.literal(anonymousUserId), z.uuid()]),
  /** The app path without its query (the query may carry a token or a search). */
  path: z
    .string()
    .max(300)
    .regex(/^\/[^?#]*$/, 'path must start with / and carry no query'),
  props: z.record(z.string(), z.unknown()).default({}),
});
export type AnalyticsEnvelope = z.input<typeof AnalyticsEnvelope>;

export type AnalyticsEvent = {
  [N in AnalyticsEventName]: Omit<z.infer<typeof AnalyticsEnvelope>, 'name' | 'props'> & {
    name: N;
    props: z.infer<(typeof analyticsEventProps)[N]>;
  };
}[AnalyticsEventName];

export const analyticsReasons = {
  unknownName: 'Unknown event name.',
  otherAccount: 'This event belongs to another account.',
  bot: 'Automated traffic is not counted.',
} as const;

/** One event checked: the event, or the reason it is rejected (the message a developer can act on). */
export function parseAnalyticsEvent(
  raw: unknown,
): { ok: true; event: AnalyticsEvent } | { ok: false; id: string; reason: string } {
  const rawId =
    typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string'
      ? (raw as { id: string }).id.slice(0, 100)
      : '';
  const envelope = AnalyticsEnvelope.safeParse(raw);
  if (!envelope.success) return { ok: false, id: rawId, reason: describeIssue(envelope.error) };
  const { name } = envelope.data;
  if (!isAnalyticsEventName(name)) return { ok: false, id: rawId, reason: analyticsReasons.unknownName };
  const props = analyticsEventProps[name].safeParse(envelope.data.props);
  if (!props.success) return { ok: false, id: rawId, reason: `props: ${describeIssue(props.error)}` };
  return { ok: true, event: { ...envelope.data, name, props: props.data } as AnalyticsEvent };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid event.';
  const where = issue.path.join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

// ---- Conversions (spec sections 7 and 9) -------------------------------------------------------

// ---- The dashboard (GET /api/admin/analytics) ---------------------------------------------------

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');

/** The query: `from` and `to` inclusive days (UTC), at most 400 days apart. */
export const AnalyticsQuery = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, {
    message: 'Choose a range of at most 400 days',
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

export const funnelSteps = [
  { step: 'visit', label: 'Visit' },
  { step: 'sign_up', label: 'Sign-up' },
  { step: 'verified', label: 'Verified' },
  { step: 'module_started', label: 'First module started' },
  { step: 'course_completed', label: 'Course completed' },
  { step: 'checkout_initiated', label: 'Checkout initiated' },
  { step: 'purchase', label: 'Purchase' },
] as const;
export type FunnelStep = (typeof funnelSteps)[number]['step'];

const Count = z.number().int().min(0);
const Breakdown = z.array(z.object({ value: z.string(), sessions: Count }));
const Touch = z.object({ source: Breakdown, medium: Breakdown, campaign: Breakdown });

export const AnalyticsDashboard = z.object({
  from: day,
  to: day,
  totals: z.object({
    visitors: Count,
    sessions: Count,
    pageViews: Count,
    /** Average visible seconds per page view report, rounded. */
    avgVisibleSeconds: z.number().min(0),
  }),
  series: z.array(z.object({ day, visitors: Count, pageViews: Count })),
  topPages: z.array(z.object({ path: z.string(), views: Count, avgVisibleSeconds: z.number().min(0) })),
  firstTouch: Touch,
  lastTouch: Touch,
  events: z.array(z.object({ name: z.string(), count: Count })),
  conversions: z.array(z.object({ type: ConversionType, count: Count, revenue: z.number().min(0) })),
  funnel: z.array(z.object({ step: z.string(), label: z.string(), count: Count })),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboard>;

/** The tables a CSV export can name (`GET /api/admin/analytics/:table.csv`). */
export const analyticsTables = [
  'series',
  'pages',
  'first-touch',
  'last-touch',
  'events',
  'conversions',
  'funnel',
] as const;
export type AnalyticsTable = (typeof analyticsTables)[number];

/** The attribution kept for a new account: the device's first touch, sent with the sign-up. */
export const SignupAttribution = Attribution;
