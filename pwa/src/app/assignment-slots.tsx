import { lazy, Suspense } from 'react';

// Assigned courses (issue 28, part 2) on the catalogue and the course page: the code loads only when a
// licence member's page draws it (the pages pass these for members only), never in the first load.
const AssignedNote = lazy(() =>
  import('../features/assignments/assigned-note').then((m) => ({ default: m.AssignedNote })),
);
const AssignedList = lazy(() =>
  import('../features/assignments/assigned-note').then((m) => ({ default: m.AssignedList })),
);

/** "Assigned by {group}, due {date}" for one course, or nothing. */
export function AssignedNoteSlot({ courseSlug }: { courseSlug: string }) {
  return (
    <Suspense fallback={null}>
      <AssignedNote courseSlug={courseSlug} />
    </Suspense>
  );
}

/** "Assigned to you": the teacher's assigned courses, or nothing. */
export function AssignedListSlot() {
  return (
    <Suspense fallback={null}>
      <AssignedList />
    </Suspense>
  );
}
