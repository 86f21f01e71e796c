// Zod-free on purpose: light checks of the two answers the pwa's first screen waits for
// (GET /api/auth/me and GET /api/content/catalogue), so that screen does not download zod. They
// accept and produce exactly what the zod schemas `PublicUser` and `CatalogueResponse` do
// (wire-checks.test.ts compares them); every other call validates with the schemas themselves.
import type { PublicUser } from './auth.js';
import type { CatalogueResponse } from './content-api.js';
import type { ApiErrorBody } from './errors.js';
import type { CourseSummary, ModuleSummary } from './content.js';
import { gradientPattern, hexColourPattern, slugPattern } from './content-patterns.js';
import { roles } from './roles-core.js';

/** The part of a zod schema the api client uses: `parse` answers the data or throws. */
export interface WireParser<T> {
  parse(data: unknown): T;
}

/** An answer that does not have the shape of its contract. */
export class WireCheckError extends Error {
  readonly path: string;
  constructor(path: string, expected: string) {
    super(`Unexpected answer from the server: ${path || 'the body'} should be ${expected}`);
    this.name = 'WireCheckError';
    this.path = path;
  }
}

type Shape = Record<string, unknown>;

function record(value: unknown, path: string): Shape {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WireCheckError(path, 'an object');
  }
  return value as Shape;
}

/** A strict object: no keys other than `keys`. */
function strictRecord(value: unknown, path: string, keys: readonly string[]): Shape {
  const shape = record(value, path);
  for (const key of Object.keys(shape)) {
    if (!keys.includes(key)) throw new WireCheckError(join(path, key), 'absent (unknown field)');
  }
  return shape;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

function string(shape: Shape, key: string, path: string, pattern?: RegExp): string {
  const value = shape[key];
  if (typeof value !== 'string' || (pattern && !pattern.test(value))) {
    throw new WireCheckError(join(path, key), pattern ? `a string matching ${pattern}` : 'a string');
  }
  return value;
}

/** Trimmed, not empty (zod's `z.string().trim().min(1)`). */
function text(shape: Shape, key: string, path: string): string {
  const value = string(shape, key, path).trim();
  if (!value) throw new WireCheckError(join(path, key), 'a text that is not empty');
  return value;
}

function positiveInt(shape: Shape, key: string, path: string): number {
  const value = shape[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new WireCheckError(join(path, key), 'a positive integer');
  }
  return value;
}

function boolean(shape: Shape, key: string, path: string): boolean {
  const value = shape[key];
  if (typeof value !== 'boolean') throw new WireCheckError(join(path, key), 'true or false');
  return value;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new WireCheckError(path, 'a list');
  return value;
}

/** GET /api/auth/me's user, as `PublicUser.parse` answers it (unknown fields dropped). */
export const publicUserCheck: WireParser<PublicUser> = {
  parse(data) {
    const shape = record(data, '');
    const role = shape.role;
    if (typeof role !== 'string' || !(roles as readonly string[]).includes(role)) {
      throw new WireCheckError('role', `one of ${roles.join(', ')}`);
    }
    return {
      id: string(shape, 'id', ''),
      name: string(shape, 'name', ''),
      email: string(shape, 'email', ''),
      role: role as PublicUser['role'],
      emailVerified: boolean(shape, 'emailVerified', ''),
      createdAt: string(shape, 'createdAt', ''),
    };
  },
};

const moduleKeys = ['id', 'slug', 'title', 'description', 'duration'] as const;
const courseKeys = [
  'id',
  'slug',
  'title',
  'description',
  'theme',
  'duration',
  'totalMinutes',
  'isPremium',
  'isComingSoon',
  'modules',
] as const;

function moduleSummary(value: unknown, path: string): ModuleSummary {
  const shape = strictRecord(value, path, moduleKeys);
  return {
    id: positiveInt(shape, 'id', path),
    slug: string(shape, 'slug', path, slugPattern),
    title: text(shape, 'title', path),
    description: text(shape, 'description', path),
    duration: string(shape, 'duration', path),
  };
}

function courseSummary(value: unknown, path: string): CourseSummary {
  const shape = strictRecord(value, path, courseKeys);
  const themePath = join(path, 'theme');
  const theme = strictRecord(shape.theme, themePath, ['gradient', 'primaryColor']);
  return {
    id: positiveInt(shape, 'id', path),
    slug: string(shape, 'slug', path, slugPattern),
    title: text(shape, 'title', path),
    description: text(shape, 'description', path),
    theme: {
      gradient: string(theme, 'gradient', themePath, gradientPattern),
      primaryColor: string(theme, 'primaryColor', themePath, hexColourPattern),
    },
    duration: string(shape, 'duration', path),
    totalMinutes: positiveInt(shape, 'totalMinutes', path),
    isPremium: boolean(shape, 'isPremium', path),
    isComingSoon: boolean(shape, 'isComingSoon', path),
    modules: array(shape.modules, join(path, 'modules')).map((m, i) =>
      moduleSummary(m, join(join(path, 'modules'), i)),
    ),
  };
}

/** GET /api/content/catalogue, as `CatalogueResponse.parse` answers it (strict objects). */
export const catalogueResponseCheck: WireParser<CatalogueResponse> = {
  parse(data) {
    const shape = strictRecord(data, '', ['courses']);
    return { courses: array(shape.courses, 'courses').map((c, i) => courseSummary(c, join('courses', i))) };
  },
};

/** The error body of every call, as `ApiErrorBody.parse` answers it (unknown fields dropped). */
export const apiErrorBodyCheck: WireParser<ApiErrorBody> = {
  parse(data) {
    const shape = record(data, '');
    const body: ApiErrorBody = { error: string(shape, 'error', '') };
    if (shape.code !== undefined) body.code = string(shape, 'code', '');
    if (shape.fields !== undefined) {
      const fields = record(shape.fields, 'fields');
      body.fields = Object.fromEntries(
        Object.keys(fields).map((key) => [key, string(fields, key, 'fields')] as const),
      );
    }
    return body;
  },
};
