import { z } from 'zod';

/**
 * Assigned courses, due dates and nudges (issue 28, part 2; decisions 113-115): the contracts, the
 * rules (a member's status on an assignment, which nudge is due on a day, local dates) and the
 * messages, written once for the api and the pages.
 */

// ---------------------------------------------------------------------------------------------------
// Rules

/** Where a member stands on one assigned course. */
export const assignmentStatuses = ['completed', 'in_progress', 'not_started', 'overdue'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

export const assignmentStatusLabels: Record<AssignmentStatus, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  not_started: 'Not started',
  overdue: 'Overdue',
};

/** The most courses one call assigns, and the most chosen members. */
export const assignmentLimits = { maxCourses: 20, maxUsers: 2000, notStartedAfterDays: 7 } as const;

/**
 * The status of one member on one assigned course on the group's local day `today` ('YYYY-MM-DD'):
 * completed once every module is; overdue when not completed after the due date (the due date itself
 * is still on time); else in progress once the course was opened or a module completed.
 */
export function assignmentStatus(
  p: { completedModules: number; totalModules: number; started: boolean },
  dueDate: string | null,
  today: string,
): AssignmentStatus {
  if (p.totalModules > 0 && p.completedModules >= p.totalModules) return 'completed';
  if (dueDate !== null && today > dueDate) return 'overdue';
  return p.started || p.completedModules > 0 ? 'in_progress' : 'not_started';
}

/** The date of `at` in `timeZone` as 'YYYY-MM-DD' (decision 114: the group's zone, else UTC). */
export function localDate(at: Date, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A real calendar date written 'YYYY-MM-DD' (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The Monday of the week of `date` ('YYYY-MM-DD'): a weekly digest is keyed by it. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday ... 6 Saturday
  return addDays(date, -((day + 6) % 7));
}

/** '2027-03-01' as 'March 1, 2027' (the date is a calendar day: no zone shifts it). */
export function formatDueDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The automatic e-mails of assignments. Each is sent at most once per (assignment, member, kind)
 * (the digest once per group and week), never to a member who completed the course or left the group.
 */
export const assignmentMailKinds = [
  'assigned',
  'not_started',
  'due_in_7_days',
  'due_in_1_day',
  'weekly_digest',
  'completed_note',
] as const;
export type AssignmentMailKind = (typeof assignmentMailKinds)[number];

/** The day windows of the nudges on the group's local day `today` (SQL compares dates to these). */
export function nudgeWindows(today: string) {
  return {
    /** Not started and assigned (or joined) on or before this day: the 7-day nudge. */
    notStartedAssignedBy: addDays(today, -assignmentLimits.notStartedAfterDays),
    /** Due in 2 to 7 days (the 1-day nudge takes the last day): the 7-day reminder. */
    dueIn7: { from: addDays(today, 2), to: addDays(today, 7) },
    /** Due tomorrow or today (a late run still reminds on the day). */
    dueIn1: { from: today, to: addDays(today, 1) },
  };
}

/** Each e-mail as a group starts with it: on, with this subject and first paragraph. */
export const assignmentMailDefaults: Record<
  AssignmentMailKind,
  { label: string; enabled: boolean; subject: string; intro: string }
> = {
  assigned: {
    label: 'To a member, when a course is assigned',
    enabled: true,
    subject: 'New course assigned by {group}',
    intro: '{group} has assigned you a course.',
  },
  not_started: {
    label: 'To members who have not started, 7 days after',
    enabled: true,
    subject: 'Reminder: a course from {group} is waiting for you',
    intro: 'A course {group} assigned to you a week ago has not been started yet.',
  },
  due_in_7_days: {
    label: 'To members not finished, 7 days before the due date',
    enabled: true,
    subject: 'Due in a week: your course from {group}',
    intro: 'A course {group} assigned to you is due in a week.',
  },
  due_in_1_day: {
    label: 'To members not finished, 1 day before the due date',
    enabled: true,
    subject: 'Due tomorrow: your course from {group}',
    intro: 'A course {group} assigned to you is due tomorrow.',
  },
  weekly_digest: {
    label: 'To the licence admins, a weekly digest',
    enabled: true,
    subject: 'This week in {group}: assigned courses',
    intro: "Here is this week's progress on the courses assigned in {group}.",
  },
  completed_note: {
    label: 'To the licence admins, when a member completes an assigned course',
    enabled: false,
    subject: '{member} completed an assigned course',
    intro: '{member} completed a course assigned in {group}.',
  },
};

/** `{group}` and `{member}` in an edited subject or introduction. */
export function fillMailText(template: string, values: { group: string; member?: string }): string {
  return template.replaceAll('{group}', values.group).replaceAll('{member}', values.member ?? 'A member');
}

// ---------------------------------------------------------------------------------------------------
// Messages

export const assignmentMessages = {
  noCourses: 'Choose at least one course to assign.',
  tooManyCourses: `Assign at most ${assignmentLimits.maxCourses} courses at once.`,
  unknownCourse: (slug: string) => `There is no course "${slug}" to assign.`,
  comingSoon: (title: string) => `"${title}" is coming soon and cannot be assigned yet.`,
  noUsers: 'Choose at least one member, or leave the members out to assign the whole group.',
  tooManyUsers: `Choose at most ${assignmentLimits.maxUsers} members.`,
  notMember: 'One of the chosen people is not a member of this group.',
  badDate: 'The due date must be a date written YYYY-MM-DD, such as 2027-03-01.',
  pastDate: (today: string) => `The due date cannot be in the past (today is ${formatDueDate(today)}).`,
  assignmentNotFound: 'Assignment not found.',
  subjectLength: 'The subject must be 1 to 150 characters.',
  introLength: 'The introduction must be at most 1,000 characters.',
  assignedBy: (group: string, due: string | null) =>
    due ? `Assigned by ${group}, due ${formatDueDate(due)}` : `Assigned by ${group}`,
} as const;

// ---------------------------------------------------------------------------------------------------
// Contracts

const DueDate = z
  .string({ error: assignmentMessages.badDate })
  .refine(isCalendarDate, { error: assignmentMessages.badDate });

/** POST /api/license-groups/{id}/assignments. `userIds` left out: the whole group, later members too. */
export const CreateAssignmentsRequest = z.object({
  courseSlugs: z
    .array(z.string().min(1).max(100), { error: assignmentMessages.noCourses })
    .min(1, { error: assignmentMessages.noCourses })
    .max(assignmentLimits.maxCourses, { error: assignmentMessages.tooManyCourses }),
  userIds: z
    .array(z.string().max(100), { error: assignmentMessages.noUsers })
    .min(1, { error: assignmentMessages.noUsers })
    .max(assignmentLimits.maxUsers, { error: assignmentMessages.tooManyUsers })
    .optional(),
  dueDate: DueDate.nullable().optional(),
});
export type CreateAssignmentsRequest = z.infer<typeof CreateAssignmentsRequest>;

const StatusCounts = z.object({
  completed: z.number(),
  in_progress: z.number(),
  not_started: z.number(),
  overdue: z.number(),
  /** Invited, not joined yet (a whole-group assignment reaches them when they join). */
  invited: z.number(),
});

export const Assignment = z.object({
  id: z.string(),
  course_slug: z.string(),
  course_title: z.string(),
  due_date: z.string().nullable(),
  whole_group: z.boolean(),
  /** How many people it concerns (members, and for a whole-group assignment the invited too). */
  assignees: z.number(),
  created_at: z.string(),
  counts: StatusCounts,
});
export type Assignment = z.infer<typeof Assignment>;

export const CreateAssignmentsResponse = z.object({ assignments: z.array(Assignment) });

/** One member (or invited person) on one assignment. */
export const AssignmentRow = z.object({
  assignment_id: z.string(),
  course_slug: z.string(),
  user_id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  /** false: invited, not joined yet. */
  joined: z.boolean(),
  status: z.enum(assignmentStatuses),
  completed_modules: z.number(),
  total_modules: z.number(),
  completed_at: z.string().nullable(),
});
export type AssignmentRow = z.infer<typeof AssignmentRow>;

const rowStatusFilters = [...assignmentStatuses, 'invited'] as const;
export type AssignmentRowFilter = (typeof rowStatusFilters)[number];

/** GET /api/license-groups/{id}/assignments?assignmentId=&status=&q=&page=&pageSize= */
export const GroupAssignmentsQuery = z.object({
  assignmentId: z.string().max(100).optional().default(''),
  status: z
    .enum(['', ...rowStatusFilters])
    .optional()
    .default(''),
  q: z.string().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
});

export const GroupAssignmentsResponse = z.object({
  assignments: z.array(Assignment),
  rows: z.array(AssignmentRow),
  /** Rows matching the filters (all pages). */
  matching: z.number(),
  page: z.number(),
  page_size: z.number(),
  /** The group's day the statuses are computed on, and its zone (decision 114). */
  today: z.string(),
  time_zone: z.string(),
});
export type GroupAssignmentsResponse = z.infer<typeof GroupAssignmentsResponse>;

/** The teacher's own: GET /api/assignments. */
export const MyAssignment = z.object({
  id: z.string(),
  course_slug: z.string(),
  course_title: z.string(),
  group_name: z.string(),
  due_date: z.string().nullable(),
  assigned_at: z.string(),
  status: z.enum(assignmentStatuses),
});
export type MyAssignment = z.infer<typeof MyAssignment>;
export const MyAssignmentsResponse = z.array(MyAssignment);

export const AssignmentMailSetting = z.object({
  kind: z.enum(assignmentMailKinds),
  label: z.string(),
  enabled: z.boolean(),
  subject: z.string(),
  intro: z.string(),
  /** Still the text the group started with. */
  is_default: z.boolean(),
});
export type AssignmentMailSetting = z.infer<typeof AssignmentMailSetting>;
export const AssignmentMailSettingsResponse = z.array(AssignmentMailSetting);

/** PATCH /api/license-groups/{id}/assignment-mails/{kind}: null subject/intro = back to the default text. */
export const UpdateAssignmentMailRequest = z.object({
  enabled: z.boolean(),
  subject: z
    .string()
    .trim()
    .min(1, { error: assignmentMessages.subjectLength })
    .max(150, { error: assignmentMessages.subjectLength })
    .nullable()
    .optional(),
  intro: z.string().trim().max(1000, { error: assignmentMessages.introLength }).nullable().optional(),
});
