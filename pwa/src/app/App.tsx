import { routePatterns, type CourseSummary, type PublicUser } from '@pd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, matchPath, RouterProvider } from 'react-router-dom';
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
function startFirstScreen({ drawnCatalogue }: AppProps) {
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
    const modulePage = matchPath(`/${routePatterns.module}`, window.location.pathname);
    if (modulePage?.params.courseSlug && hintId)
      startModulePage(queryClient, modulePage.params.courseSlug, hintId);
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

/**
 * What the page the server drew was drawn with, read by `main.tsx` before the first render: a render
 * that React starts again (a tap can interrupt hydration) must start from the same data.
 */
export interface AppProps {
  /** The signed-out home page's catalogue (decision 017). */
  drawnCatalogue?: CourseSummary[];
}

export function App(props: AppProps) {
  const [queryClient] = useState(() => startFirstScreen(props));
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
