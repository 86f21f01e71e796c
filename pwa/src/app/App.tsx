import { parseModulePath, type CourseSummary, type PublicUser } from '@pd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { meQueryOptions } from '../offline/get-me';
import { createQueryClient } from '../lib/query-client';
import { catalogueQuery, storeCatalogue } from '../offline/catalogue';
import { clearLogoutPending, forgetSignedInUser } from '../offline/profile';
import { deviceProfileQuery, dropHintedData, hintedUserId } from '../offline/viewer';
import { startSignedOutHome } from './first-screen-data';
import { AppProviders } from './providers';
import { preloadRouteCode, routes } from './routes';

/**
 * The first screen's requests start together, before the first render: who is signed in, the
 * catalogue on the home page, and the code of the page being opened (otherwise each waits for the
 * one before: 'me', then the page's code, then its data).
 */
export function startFirstScreen(drawnCatalogue: CourseSummary[] | undefined): QueryClient {
  const queryClient = createQueryClient();
  if (drawnCatalogue) {
    // The server drew this page for a signed-out visitor (decision 017): start from what it drew,
    // so the first render is the page already on screen (hydrated by main.tsx), and keep that
    // catalogue on the device (it is the server's answer of this moment: it is not asked again).
    // 'me' is not asked: the server draws this page only for a request with no session cookie, so
    // nobody is signed in here; the device forgets whoever it last saw signed in, as a 401 would.
    startSignedOutHome(queryClient, drawnCatalogue);
    void storeCatalogue(drawnCatalogue);
    forgetSignedInUser();
    // A sign-out made offline has nothing left to end from here: no session cookie came.
    clearLogoutPending();
  } else {
    const hintId = hintedUserId();
    // /me's answer replaces the device's hint (decision 023): what was read for another teacher goes.
    const settled = (user: PublicUser | null) => {
      if (hintId) dropHintedData(queryClient, hintId, user);
    };
    void queryClient.fetchQuery(meQueryOptions()).then(settled, () => settled(null));
    if (window.location.pathname === '/') void queryClient.prefetchQuery(catalogueQuery());
    const modulePage = parseModulePath(window.location.pathname);
    if (modulePage && hintId) startModulePage(queryClient, modulePage.courseSlug, hintId);
  }
  preloadRouteCode(window.location.pathname);
  return queryClient;
}

/**
 * The module page of the teacher this device kept (decision 023): their profile and the device's copy
 * of the course are read from IndexedDB while the page's code loads, so the lesson is drawn from the
 * device as soon as the code runs, whatever the network does. The server's copy is asked here only
 * when the device has none; otherwise once the lesson has painted (`useCourse`).
 */
function startModulePage(queryClient: QueryClient, courseSlug: string, userId: string) {
  void queryClient.prefetchQuery(deviceProfileQuery(userId));
  void import('../offline/course-device').then(async ({ deviceCourseQuery }) => {
    const kept = await queryClient.fetchQuery(deviceCourseQuery(courseSlug, userId)).catch(() => null);
    if (kept) return;
    const { courseQuery } = await import('../offline/course');
    await queryClient.prefetchQuery(courseQuery(courseSlug, userId));
  });
}

/** The data cache with the first screen's requests started, and the router: made before the first render. */
export interface AppParts {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/** The app's router (its routes: routes.tsx), on the page's address. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * The app. Its parts are made before its first render (main.tsx), each in a task of its own, not
 * during it: a render that React starts again (a tap can interrupt hydration) starts from the same
 * data and router.
 */
export function App({ queryClient, router }: AppParts) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
