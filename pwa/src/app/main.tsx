import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type AppParts, createAppRouter, startFirstScreen } from './App';
import { readFirstScreenData } from './first-screen-data';

/**
 * How the app starts, once its code is evaluated: steps that boot.ts runs each in a task of its own,
 * so the phone can answer a tap between them. `drawnData`: the home page's data block, when the
 * page came drawn by the server (decision 017).
 *   1. what the server drew the page with is read, and the first screen's requests start;
 *   2. the router is made;
 *   3. the page is hydrated (drawn by the server) or drawn.
 */
export function startSteps(drawnData: HTMLElement | null): ReadonlyArray<() => void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html');
  let hydrate = false;
  let queryClient: QueryClient | undefined;
  let router: AppParts['router'] | undefined;
  return [
    () => {
      // Decision 017: the signed-out home page's catalogue, read once, here, not during a render.
      const drawnCatalogue =
        drawnData && window.location.pathname === '/' ? readFirstScreenData(drawnData) : undefined;
      hydrate = drawnCatalogue !== undefined;
      queryClient = startFirstScreen(drawnCatalogue);
    },
    () => {
      router = createAppRouter();
    },
    () => {
      if (!queryClient || !router) throw new Error('The app was started out of order');
      const app = (
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>
      );
      // Rendered as a transition: React yields to the browser between pieces of the first render
      // instead of blocking the main thread for its whole length (shorter tasks, earlier input).
      startTransition(() => {
        // The home page drawn on the server (decision 017) is hydrated: its buttons work from the
        // moment this runs (a click during hydration is replayed), and nothing is drawn twice.
        // Without its data the app draws the page itself, in place of what the server drew.
        if (hydrate) hydrateRoot(root, app);
        else createRoot(root).render(app);
      });
    },
  ];
}
