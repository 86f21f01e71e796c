import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { readFirstScreenData } from './first-screen-data';

/**
 * Starts the app (boot.ts calls it in a task of its own, after this module's code is evaluated):
 * reads what the server drew the page with (`drawnData`: the home page's data block, when the page
 * came drawn), and hydrates it or draws the page.
 */
export function startApp(drawnData: HTMLElement | null) {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html');
  // Decision 017: the signed-out home page's catalogue, read once, here, not during a render.
  const drawnCatalogue =
    drawnData && window.location.pathname === '/' ? readFirstScreenData(drawnData) : undefined;
  const app = (
    <StrictMode>
      <App drawnCatalogue={drawnCatalogue} />
    </StrictMode>
  );
  // Rendered as a transition: React yields to the browser between pieces of the first render instead
  // of blocking the main thread for its whole length (shorter tasks, earlier input handling).
  startTransition(() => {
    // The home page drawn on the server (decision 017) is hydrated: its buttons work from the moment
    // this script runs (a click during hydration is replayed), and nothing is drawn twice. Without
    // its data the app draws the page itself, in place of what the server drew.
    if (drawnCatalogue) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
