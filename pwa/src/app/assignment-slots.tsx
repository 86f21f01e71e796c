import { lazy, Suspense } from 'react';
import { useMe } from '../offline/get-me';

// Assigned courses (issue 28, part 2) on the catalogue and the course page: the code loads only for a
// licence member, when their page draws it, never in the first load.
const Assigned = lazy(() =>
  import('../features/assignments/assigned-note').then((m) => ({ default: m.Assigned })),
);

/** With `courseSlug`: "Assigned by {group}, due {date}" for that course; without: "Assigned to you". */
export function AssignedSlot(props: { courseSlug?: string }) {
  return useMe().data?.licence ? (
    <Suspense>
      <Assigned {...props} />
    </Suspense>
  ) : null;
}
