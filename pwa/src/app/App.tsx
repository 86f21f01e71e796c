import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { meQueryOptions } from '../lib/get-me';
import { createQueryClient } from '../lib/query-client';
import { catalogueQuery } from '../offline/catalogue';
import { AppProviders } from './providers';
import { preloadRouteCode, routes } from './routes';

/**
 * The first screen's requests start together, before the first render: who is signed in, the
 * catalogue on the home page, and the code of the page being opened (otherwise each waits for the
 * one before: 'me', then the page's code, then its data).
 */
function startFirstScreen() {
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(meQueryOptions());
  if (window.location.pathname === '/') void queryClient.prefetchQuery(catalogueQuery());
  preloadRouteCode(window.location.pathname);
  return queryClient;
}

export function App() {
  const [queryClient] = useState(startFirstScreen);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
