import type { Course, ModuleOutline } from '@pd/domain';

/** A module of the content with the file it was read from. */
export interface ModuleEntry {
  courseSlug: string;
  module: ModuleOutline;
  /** Relative to the content folder, e.g. `courses/ai-in-education/modules/01-how-generative-ai-works.md`. */
  file: string;
  /**
   * Written in full: every module of an open course, and module 1 of a coming-soon course (the
   * preview). The later modules of a coming-soon course are outlines.
   */
  written: boolean;
}

/** The file a module is read from: the loader requires `NN-<slug>.md` with NN its id. */
export function moduleFile(courseSlug: string, module: Pick<ModuleOutline, 'id' | 'slug'>): string {
  return `courses/${courseSlug}/modules/${String(module.id).padStart(2, '0')}-${module.slug}.md`;
}

/** Every module of the courses, in course and module order. */
export function moduleEntries(courses: readonly Course[]): ModuleEntry[] {
  return courses.flatMap((course) =>
    (course.modules as readonly ModuleOutline[]).map((module) => ({
      courseSlug: course.slug,
      module,
      file: moduleFile(course.slug, module),
      written: !course.isComingSoon || module.id === 1,
    })),
  );
}
