import { useEffect, useId } from 'react';

/**
 * Which forms (or quizzes) hold unsaved input right now. The page-reload rules and the
 * service-worker update check it so nobody loses what they typed.
 */
const dirty = new Set<string>();

export function hasDirtyForms(): boolean {
  return dirty.size > 0;
}

export function markDirty(id: string, isDirty: boolean): void {
  if (isDirty) dirty.add(id);
  else dirty.delete(id);
}

/** Registers the calling form as dirty while `isDirty` is true (and forgets it on unmount). */
export function useDirtyForm(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    markDirty(id, isDirty);
    return () => markDirty(id, false);
  }, [id, isDirty]);
}
