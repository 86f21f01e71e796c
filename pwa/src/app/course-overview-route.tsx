import { CertificateActions } from '../features/certificates/certificate-actions';
import { CourseOverviewPage } from '../features/course/course-overview-page';
import { AssignedSlot } from './assignment-slots';

/**
 * The course overview with the certificate buttons and "Assigned by {group}, due {date}" (issue 28)
 * composed in (features do not import each other).
 */
export function CourseOverviewRoute() {
  return (
    <CourseOverviewPage
      renderCertificateActions={(props) => <CertificateActions {...props} />}
      renderCourseNote={(courseSlug) => <AssignedSlot courseSlug={courseSlug} />}
    />
  );
}
