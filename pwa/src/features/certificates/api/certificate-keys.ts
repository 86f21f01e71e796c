/** Hierarchical query keys of the certificate calls. */
export const certificateKeys = {
  all: ['certificates'] as const,
  exists: (courseSlug: string) => [...certificateKeys.all, 'exists', courseSlug] as const,
  verify: (id: string) => [...certificateKeys.all, 'verify', id] as const,
};
