import { CertificateActions } from '../features/certificates/certificate-actions';
import { CourseOverviewPage } from '../features/course/course-overview-page';

/** The course overview with the certificate buttons composed in (features do not import each other). */
export function CourseOverviewRoute() {
  return <CourseOverviewPage renderCertificateActions={(props) => <CertificateActions {...props} />} />;
}
