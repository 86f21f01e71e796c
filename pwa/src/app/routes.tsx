import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { CataloguePage } from '../features/catalogue/catalogue-page';
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

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <CataloguePage /> },
      { path: routePatterns.signup, element: <SignupPage /> },
      { path: routePatterns.verifySent, element: <VerifySentPage /> },
      { path: routePatterns.forgotPassword, element: <ForgotPasswordPage /> },
      { path: routePatterns.resetPassword, element: <ResetPasswordPage /> },
      { path: routePatterns.devMailbox, element: <DevMailboxPage /> },
      // An empty path or /undefined goes home (spec section 2).
      { path: routePatterns.undefinedPath, element: <Navigate to={paths.home()} replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
