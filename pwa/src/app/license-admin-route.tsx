import { lazy, Suspense } from 'react';
import { LicenseAdminPage } from '../features/license-admin/license-admin-page';

const GroupAssignments = lazy(() =>
  import('../features/assignments/group-assignments').then((m) => ({ default: m.GroupAssignments })),
);

/** License Management with Member Progress' assignment view composed in (features do not import each other). */
export function LicenseAdminRoute() {
  return (
    <LicenseAdminPage
      renderAssignments={(props) => (
        <Suspense fallback={null}>
          <GroupAssignments {...props} />
        </Suspense>
      )}
    />
  );
}
