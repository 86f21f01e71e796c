import { describe, expect, it } from 'vitest';
import { PublicUser } from './auth.js';
import { CatalogueResponse } from './content-api.js';
import type { CourseSummary } from './content.js';
import { ApiErrorBody } from './errors.js';
import {
  apiErrorBodyCheck,
  catalogueResponseCheck,
  publicUserCheck,
  type WireParser,
} from './wire-checks.js';

/** The light check and the zod schema agree: same output for a valid answer, both throw otherwise. */
function expectSame<T>(
  check: WireParser<T>,
  schema: { safeParse(data: unknown): { success: boolean; data?: unknown } },
  data: unknown,
) {
  const zod = schema.safeParse(data);
  if (zod.success) expect(check.parse(data)).toEqual(zod.data);
  else expect(() => check.parse(data)).toThrow(/Unexpected answer from the server/);
}

const user = {
  id: 'u1',
  name: 'Zoë Nguyễn',
  email: 'zoe@school.org',
  role: 'license_admin',
  emailVerified: true,
  createdAt: '2025-01-15T10:00:00.000Z',
};

const summary: CourseSummary = {
  id: 1,
  slug: 'ai-in-education',
  title: 'AI in Education',
  description: 'An introduction.',
  theme: { gradient: 'from-blue-500 to-indigo-600', primaryColor: '#2563eb' },
  duration: '60 Minutes',
  totalMinutes: 60,
  isPremium: false,
  isComingSoon: false,
  modules: [
    { id: 1, slug: 'what-is-ai', title: 'What Is AI?', description: 'The basics.', duration: '10 min' },
  ],
};

describe('publicUserCheck', () => {
  it.each([
    ['a user', user],
    ['a user with extra fields (dropped)', { ...user, passwordHash: 'x', stripeId: 'cus_1' }],
    ['every role', { ...user, role: 'superadmin' }],
    ['an unknown role', { ...user, role: 'owner' }],
    ['a missing field', { ...user, email: undefined }],
    ['a wrong type', { ...user, emailVerified: 'yes' }],
    ['null', null],
    ['a list', [user]],
  ])('agrees with PublicUser on %s', (_name, data) => expectSame(publicUserCheck, PublicUser, data));
});

describe('catalogueResponseCheck', () => {
  const withCourse = (patch: Record<string, unknown>) => ({ courses: [{ ...summary, ...patch }] });
  it.each([
    ['an empty catalogue', { courses: [] }],
    ['a course', { courses: [summary] }],
    ['texts with spaces (trimmed)', withCourse({ title: '  AI in Education ' })],
    ['an unknown course field', withCourse({ overview: 'x' })],
    ['an unknown top-level field', { courses: [summary], total: 1 }],
    ['an unknown module field', withCourse({ modules: [{ ...summary.modules[0], quiz: [] }] })],
    ['a bad slug', withCourse({ slug: 'AI in Education' })],
    [
      'a bad gradient',
      withCourse({ theme: { gradient: 'from-black-500 to-blue-600', primaryColor: '#2563eb' } }),
    ],
    ['a bad colour', withCourse({ theme: { gradient: summary.theme.gradient, primaryColor: 'blue' } })],
    ['an empty title', withCourse({ title: '  ' })],
    ['a zero id', withCourse({ id: 0 })],
    ['a fractional minute count', withCourse({ totalMinutes: 1.5 })],
    ['a missing flag', withCourse({ isComingSoon: undefined })],
    ['modules that are not a list', withCourse({ modules: {} })],
    ['no courses', {}],
  ])('agrees with CatalogueResponse on %s', (_name, data) =>
    expectSame(catalogueResponseCheck, CatalogueResponse, data),
  );
});

describe('apiErrorBodyCheck', () => {
  it.each([
    ['a message', { error: 'Not found' }],
    ['a code and fields', { error: 'Invalid', code: 'VALIDATION_ERROR', fields: { email: 'Invalid email' } }],
    ['extra fields (dropped)', { error: 'x', detail: 'y' }],
    ['no message', { code: 'X' }],
    ['a field that is not text', { error: 'x', fields: { email: 1 } }],
    ['a null code', { error: 'x', code: null }],
    ['text', 'Internal Server Error'],
  ])('agrees with ApiErrorBody on %s', (_name, data) => expectSame(apiErrorBodyCheck, ApiErrorBody, data));
});
