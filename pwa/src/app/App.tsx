import type { CourseSummary, ModuleScreenData } from '@pd/domain';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { meQueryOptions } from '../lib/get-me';
import { createQueryClient } from '../lib/query-client';
import { catalogueQuery } from '../offline/catalogue';
import { clearLogoutPending, forgetSignedInUser } from '../offline/profile';
import { startModuleScreen, startSignedOutHome } from './first-screen-data';
import { AppProviders } from './providers';
import { preloadRouteCode, routes } from './routes';

/**
 * The first screen's requests start together, before the first render: who is signed in, the
 * catalogue on the home page, and the code of the page being opened (otherwise each waits for the
 * one before: 'me', then the page's code, then its data).
 */
function startFirstScreen({ moduleScreen, drawnCatalogue }: AppProps) {
  const queryClient = createQueryClient();
  if (moduleScreen) {
    // A module page drawn for this teacher (decision 018): start from what it was drawn with, just
    // read from the server, so the first render is the page on screen. Nothing is asked again.
    startModuleScreen(queryClient, moduleScreen);
  } else if (drawnCatalogue) {
    // The server drew this page for a signed-out visitor (decision 017): start from what it drew,
    // so the first render is the page already on screen (hydrated by main.tsx), then ask for the
    // catalogue again as on any load (the answer is preloaded) to keep it on the device. 'me' is
    // not asked: the server draws this page only for a request with no session cookie, so nobody is
    // signed in here; the device forgets whoever it last saw signed in, as a 401 would have it.
    startSignedOutHome(queryClient, drawnCatalogue);
    forgetSignedInUser();
    // A sign-out made offline has nothing left to end from here: no session cookie came.
    clearLogoutPending();
    void queryClient.prefetchQuery({ ...catalogueQuery(), staleTime: 0 });
  } else {
    void queryClient.prefetchQuery(meQueryOptions());
    if (window.location.pathname === '/') void queryClient.prefetchQuery(catalogueQuery());
  }
  preloadRouteCode(window.location.pathname);
  return queryClient;
}

/**
 * What the page the server drew was drawn with, read by `main.tsx` before the first render: a render
 * that React starts again (a tap can interrupt hydration) must start from the same data.
 */
export interface AppProps {
  /** A module page drawn for a signed-in teacher (decision 018). */
  moduleScreen?: ModuleScreenData;
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
