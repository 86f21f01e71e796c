import * as z from 'zod/mini';
import { gradientColours, gradientPattern, hexColourPattern, slugPattern } from './content-patterns.js';
import { licenseGroupStatuses } from './licence-core.js';
import { roles } from './roles-core.js';

/**
 * The contracts the app's first screen reads (GET /api/auth/me, GET /api/content/catalogue, and the
 * error body of any call), written with `zod/mini` (decision 021): one definition, used by the api,
 * the content loader and the pwa alike, at ~6 KiB instead of zod's 23.5 KiB on the first load. The
 * classic zod schemas of content.ts, auth.ts and errors.ts re-export them and build on them.
 */

const Slug = z.string().check(z.regex(slugPattern, { error: 'Must be lower-case words joined by hyphens' }));
const Text = z.string().check(z.trim(), z.minLength(1, { error: 'Must not be empty' }));
const PositiveInt = z.int().check(z.positive());

export const Role = z.enum(roles, { error: 'Role must be one of free, premium, license_admin, superadmin' });
export type Role = z.infer<typeof Role>;

/** The signed-in user as every api answer presents it (spec: id, role, name, email). */
export const PublicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** The licence group seat the user holds (issue 18); null or absent when none. */
  licence: z.optional(
    z.nullable(
      z.object({
        groupId: z.string(),
        groupName: z.string(),
        groupStatus: z.enum(licenseGroupStatuses),
        live: z.optional(z.boolean()),
        endsOn: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** Neutral answer of logout, forgot-password and resend-verification. */
export const OkResponse = z.object({ ok: z.literal(true), message: z.optional(z.string()) });
export type OkResponse = z.infer<typeof OkResponse>;

/** The one error body of every API call: a message a person can read, and an optional code. */
export const ApiErrorBody = z.object({
  error: z.string(),
  code: z.optional(z.string()),
  /** Per-field messages for a rejected form, keyed by field name. */
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const CourseTheme = z.strictObject({
  gradient: z.string().check(
    z.regex(gradientPattern, {
      error: `Must be "from-<colour>-<shade> to-<colour>-<shade>" with colours ${gradientColours.join(', ')} and shades 400 to 800`,
    }),
  ),
  primaryColor: z.string().check(z.regex(hexColourPattern, { error: 'Must be a hex colour like "#2563eb"' })),
});
export type CourseTheme = z.infer<typeof CourseTheme>;

/** A module as the catalogue shows it: no lesson, quiz or answer key. */
export const ModuleSummary = z.strictObject({
  id: PositiveInt,
  slug: Slug,
  title: Text,
  description: Text,
  duration: z.string(),
});
export type ModuleSummary = z.infer<typeof ModuleSummary>;

/** A catalogue entry: safe to serve to anyone, whatever the course's access. */
export const CourseSummary = z.strictObject({
  id: PositiveInt,
  slug: Slug,
  title: Text,
  description: Text,
  theme: CourseTheme,
  duration: z.string(),
  totalMinutes: PositiveInt,
  isPremium: z.boolean(),
  isComingSoon: z.boolean(),
  modules: z.array(ModuleSummary),
});
export type CourseSummary = z.infer<typeof CourseSummary>;

/** GET /api/content/catalogue: every course, sorted by id, without lessons, quizzes or answers. */
export const CatalogueResponse = z.strictObject({ courses: z.array(CourseSummary) });
export type CatalogueResponse = z.infer<typeof CatalogueResponse>;
