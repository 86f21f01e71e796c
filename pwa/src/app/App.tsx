import type { ModuleScreenData } from '@pd/domain';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { meQueryOptions } from '../lib/get-me';
import { createQueryClient } from '../lib/query-client';
import { catalogueQuery } from '../offline/catalogue';
import { readFirstScreenData, startModuleScreen, startSignedOutHome } from './first-screen-data';
import { AppProviders } from './providers';
import { preloadRouteCode, routes } from './routes';

/**
 * The first screen's requests start together, before the first render: who is signed in, the
 * catalogue on the home page, and the code of the page being opened (otherwise each waits for the
 * one before: 'me', then the page's code, then its data).
 */
function startFirstScreen(moduleScreen: ModuleScreenData | undefined) {
  const queryClient = createQueryClient();
  const drawnCatalogue = window.location.pathname === '/' ? readFirstScreenData() : undefined;
  if (moduleScreen) {
    // A module page drawn for this teacher (decision 018): start from what it was drawn with, just
    // read from the server, so the first render is the page on screen. Nothing is asked again.
    startModuleScreen(queryClient, moduleScreen);
  } else if (drawnCatalogue) {
    // The server drew this page for a signed-out visitor (decision 017): start from what it drew,
    // so the first render is the page already on screen (hydrated by main.tsx), then ask both again as on any load (the
    // answers are preloaded): the catalogue is kept on the device, and 'me' is confirmed.
    startSignedOutHome(queryClient, drawnCatalogue);
    void queryClient.prefetchQuery({ ...meQueryOptions(), staleTime: 0 });
    void queryClient.prefetchQuery({ ...catalogueQuery(), staleTime: 0 });
  } else {
    void queryClient.prefetchQuery(meQueryOptions());
    if (window.location.pathname === '/') void queryClient.prefetchQuery(catalogueQuery());
  }
  preloadRouteCode(window.location.pathname);
  return queryClient;
}

export interface AppProps {
  /** The data of a module page drawn on the server (decision 018), read by `main.tsx`. */
  moduleScreen?: ModuleScreenData;
}

export function App({ moduleScreen }: AppProps) {
  const [queryClient] = useState(() => startFirstScreen(moduleScreen));
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
