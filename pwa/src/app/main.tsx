import { moduleScreenDataId, type ModuleScreenData } from '@pd/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { replayEarlyTaps } from './early-taps';
import { readFirstScreenData } from './first-screen-data';
import { routeCodeReady } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

function start(moduleScreen: ModuleScreenData | undefined) {
  // Decision 017: the signed-out home page's catalogue, read once, here, not during a render.
  const drawnCatalogue = window.location.pathname === '/' ? readFirstScreenData() : undefined;
  const app = (
    <StrictMode>
      <App moduleScreen={moduleScreen} drawnCatalogue={drawnCatalogue} />
    </StrictMode>
  );
  // Rendered as a transition: React yields to the browser between pieces of the first render instead
  // of blocking the main thread for its whole length (shorter tasks, earlier input handling).
  startTransition(() => {
    // A page drawn on the server (decisions 017 and 018) is hydrated: its buttons work from the moment
    // this script runs (a click during hydration is replayed), and nothing is drawn twice. Without
    // its data the app draws the page itself, in place of what the server drew.
    if (moduleScreen || drawnCatalogue) hydrateRoot(root!, app);
    else createRoot(root!).render(app);
  });
  // React listens from here on: the buttons tapped before it did are tapped again (early-taps.ts).
  replayEarlyTaps();
}

if (document.getElementById(moduleScreenDataId)) {
  // Decision 018: the module page's data is checked with zod, which the module page loads anyway.
  // The page's code is loaded first too, so hydrating never waits for it (routes.tsx).
  Promise.all([import('./module-screen-data'), routeCodeReady(window.location.pathname)]).then(
    ([{ readModuleScreenData, keepModuleScreenData }]) => {
      const data = readModuleScreenData();
      if (data)
        void keepModuleScreenData(data).catch((e: unknown) =>
          console.warn('Could not keep the module on this device', e),
        );
      start(data);
    },
    () => start(undefined),
  );
} else {
  start(undefined);
}
