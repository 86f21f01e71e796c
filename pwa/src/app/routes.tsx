import { lazy, useState } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { CataloguePage } from '../features/catalogue/catalogue-page';
import type { ModulePage as ModulePageComponent } from '../features/module/module-page';
import { PremiumActionsProvider } from '../features/premium/premium-actions-provider';
import { PremiumBanner } from '../features/premium/premium-banner';
import { paths, routePatterns } from '../lib/paths';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

// Pages other than home are split into their own chunks to keep the first load small.
const SignupPage = lazy(() =>
  import('../features/auth/routes/signup-page').then((m) => ({ default: m.SignupPage })),
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
const CourseOverviewRoute = lazy(() =>
  import('./course-overview-route').then((m) => ({ default: m.CourseOverviewRoute })),
);
const CertificateVerifyPage = lazy(() =>
  import('../features/certificates/certificate-verify-page').then((m) => ({
    default: m.CertificateVerifyPage,
  })),
);
const PaymentSuccessPage = lazy(() =>
  import('../features/premium/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
);
/** The module page's component, once its code has loaded. */
let loadedModulePage: typeof ModulePageComponent | undefined;
const loadModulePage = () =>
  import('../features/module/module-page').then((code) => (loadedModulePage = code.ModulePage));
const LazyModulePage = lazy(() => loadModulePage().then((page) => ({ default: page })));

/**
 * The module page, drawn at once when its code is already loaded, as on a page the server drew
 * (main.tsx waits for it before hydrating): a `React.lazy` component suspends on its first render
 * however early its code came, and a part of the page still waiting to hydrate is drawn again from
 * scratch if anything updates it meanwhile (the drawn lesson was replaced by 'Loading module', then
 * drawn again). Each mounted route keeps the component it started with.
 */
function ModulePage() {
  const [Page] = useState(() => loadedModulePage ?? LazyModulePage);
  return <Page />;
}

const modulePath = /^\/[^/]+\/module\/[^/]+\/?$/;

/** Resolves once the page at `pathname` can be drawn without waiting for its code. */
export async function routeCodeReady(pathname: string): Promise<void> {
  if (modulePath.test(pathname)) await loadModulePage();
}

/** Starts loading the code of the page at `pathname` (the module page, the app's heaviest). */
export function preloadRouteCode(pathname: string): void {
  void routeCodeReady(pathname);
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout premiumActions={PremiumActionsProvider} />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <CataloguePage roleBanner={<PremiumBanner />} /> },
      { path: routePatterns.signup, element: <SignupPage /> },
      { path: routePatterns.verifySent, element: <VerifySentPage /> },
      { path: routePatterns.forgotPassword, element: <ForgotPasswordPage /> },
      { path: routePatterns.resetPassword, element: <ResetPasswordPage /> },
      { path: routePatterns.devMailbox, element: <DevMailboxPage /> },
      { path: routePatterns.prompts, element: <PromptsPage /> },
      { path: routePatterns.faq, element: <FaqPage /> },
      { path: routePatterns.terms, element: <TermsPage /> },
      { path: routePatterns.privacy, element: <PrivacyPage /> },
      { path: routePatterns.paymentSuccess, element: <PaymentSuccessPage /> },
      { path: ':courseSlug/module/:moduleId', element: <ModulePage /> },
      { path: routePatterns.certificateVerify, element: <CertificateVerifyPage /> },
      { path: routePatterns.course, element: <CourseOverviewRoute /> },
      // An empty path or /undefined goes home (spec section 2).
      { path: routePatterns.undefinedPath, element: <Navigate to={paths.home()} replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
