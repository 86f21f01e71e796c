import { isModulePath, paths, routePatterns } from '@pd/domain';
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { CataloguePage } from '../features/catalogue/catalogue-page';
import { PremiumActionsProvider } from '../features/premium/premium-actions-provider';
import { PremiumBanner } from '../features/premium/premium-banner';
import { AssignedSlot } from './assignment-slots';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// Pages other than home are split into their own chunks to keep the first load small.
const SignupPage = lazy(() =>
  import('../features/auth/routes/signup-page').then((m) => ({ default: m.SignupPage })),
);
const JoinPage = lazy(() =>
  import('../features/auth/routes/join-page').then((m) => ({ default: m.JoinPage })),
);
const VerifySentPage = lazy(() =>
  import('../features/auth/routes/verify-sent-page').then((m) => ({ default: m.VerifySentPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/routes/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/routes/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SsoSignInPage = lazy(() =>
  import('../features/auth/routes/sso-sign-in-page').then((m) => ({ default: m.SsoSignInPage })),
);
const DevMailboxPage = lazy(() =>
  import('../features/dev-mailbox/dev-mailbox-page').then((m) => ({ default: m.DevMailboxPage })),
);
const PromptsPage = lazy(() =>
  import('../features/prompts/prompts-page').then((m) => ({ default: m.PromptsPage })),
);
const FaqPage = lazy(() => import('../features/faq/faq-page').then((m) => ({ default: m.FaqPage })));
const TermsPage = lazy(() => import('../features/legal/legal-page').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() =>
  import('../features/legal/legal-page').then((m) => ({ default: m.PrivacyPage })),
);
const TemplatesPage = lazy(() =>
  import('../features/templates/templates-page').then((m) => ({ default: m.TemplatesPage })),
);
const TemplatePage = lazy(() =>
  import('../features/templates/template-page').then((m) => ({ default: m.TemplatePage })),
);
const CourseOverviewRoute = lazy(() =>
  import('./course-overview-route').then((m) => ({ default: m.CourseOverviewRoute })),
);
const CertificateVerifyPage = lazy(() =>
  import('../features/certificates/certificate-verify-page').then((m) => ({
    default: m.CertificateVerifyPage,
  })),
);
// The PD transcript and its public page (issue 28 part 3).
const TranscriptPage = lazy(() =>
  import('../features/transcript/transcript-page').then((m) => ({ default: m.TranscriptPage })),
);
const TranscriptVerifyPage = lazy(() =>
  import('../features/transcript/transcript-verify-page').then((m) => ({ default: m.TranscriptVerifyPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('../features/premium/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
);
const LicenseAdminPage = lazy(() =>
  import('./license-admin-route').then((m) => ({ default: m.LicenseAdminRoute })),
);
const AccountPage = lazy(() =>
  import('../features/auth/routes/account-page').then((m) => ({ default: m.AccountPage })),
);
const AdminPage = lazy(() => import('../features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
// Usage analytics (issue 15): the charts library stays out of every other page's code.
const AnalyticsDashboardPage = lazy(() =>
  import('../features/analytics/analytics-dashboard-page').then((m) => ({
    default: m.AnalyticsDashboardPage,
  })),
);
const AnalyticsTestPage = lazy(() =>
  import('../features/analytics/analytics-test-page').then((m) => ({ default: m.AnalyticsTestPage })),
);
// The module page and the templates its lesson uses beside it (features meet here, in app/): one
// lazy piece, both files fetched in parallel, so the lesson is drawn once with its aside.
const loadModulePage = () =>
  Promise.all([import('../features/module/module-page'), import('../features/templates/module-templates')]);
const ModulePage = lazy(() =>
  loadModulePage().then(([page, templates]) => ({
    default: function ModulePage() {
      return <page.ModulePage moduleAside={templates.ModuleTemplates} />;
    },
  })),
);

/** Starts loading the code of the page at `pathname` (the module page, the app's heaviest) with the first screen's requests. */
export function preloadRouteCode(pathname: string): void {
  if (isModulePath(pathname)) void loadModulePage();
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout premiumActions={PremiumActionsProvider} />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        element: (
          <CataloguePage
            roleBanner={
              <>
                <PremiumBanner />
                <AssignedSlot />
              </>
            }
            renderCourseNote={(courseSlug) => <AssignedSlot courseSlug={courseSlug} />}
          />
        ),
      },
      { path: routePatterns.signup, element: <SignupPage /> },
      { path: routePatterns.join, element: <JoinPage /> },
      { path: routePatterns.verifySent, element: <VerifySentPage /> },
      { path: routePatterns.forgotPassword, element: <ForgotPasswordPage /> },
      { path: routePatterns.resetPassword, element: <ResetPasswordPage /> },
      { path: routePatterns.ssoSignIn, element: <SsoSignInPage /> },
      { path: routePatterns.devMailbox, element: <DevMailboxPage /> },
      { path: routePatterns.prompts, element: <PromptsPage /> },
      { path: routePatterns.templates, element: <TemplatesPage /> },
      { path: routePatterns.template, element: <TemplatePage /> },
      { path: routePatterns.faq, element: <FaqPage /> },
      { path: routePatterns.terms, element: <TermsPage /> },
      { path: routePatterns.privacy, element: <PrivacyPage /> },
      { path: routePatterns.paymentSuccess, element: <PaymentSuccessPage /> },
      { path: routePatterns.licenseAdmin, element: <LicenseAdminPage /> },
      { path: routePatterns.account, element: <AccountPage /> },
      { path: routePatterns.transcript, element: <TranscriptPage /> },
      { path: routePatterns.transcriptVerify, element: <TranscriptVerifyPage /> },
      { path: routePatterns.admin, element: <AdminPage /> },
      { path: routePatterns.adminAnalytics, element: <AnalyticsDashboardPage /> },
      { path: routePatterns.analyticsTest, element: <AnalyticsTestPage /> },
      { path: routePatterns.module, element: <ModulePage /> },
      { path: routePatterns.certificateVerify, element: <CertificateVerifyPage /> },
      { path: routePatterns.course, element: <CourseOverviewRoute /> },
      // An empty path or /undefined goes home (spec section 2).
      { path: routePatterns.undefinedPath, element: <Navigate to={paths.home()} replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
