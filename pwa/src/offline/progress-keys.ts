/** Query keys of the server's progress records (hierarchical: invalidate `progressKeys.all`). */
export const progressKeys = {
  all: ['progress'] as const,
  /** GET /api/progress */
  list: () => [...progressKeys.all, 'list'] as const,
  /** GET /api/progress?courseSlug= */
  course: (courseSlug: string) => [...progressKeys.all, 'course', courseSlug] as const,
};
