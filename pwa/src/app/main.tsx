import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { replayEarlyTaps } from './early-taps';
import { readFirstScreenData } from './first-screen-data';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

function start() {
  // Decision 017: the signed-out home page's catalogue, read once, here, not during a render.
  const drawnCatalogue = window.location.pathname === '/' ? readFirstScreenData() : undefined;
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
    if (drawnCatalogue) hydrateRoot(root!, app);
    else createRoot(root!).render(app);
  });
  // React listens from here on: the buttons tapped before it did are tapped again (early-taps.ts).
  replayEarlyTaps();
}

start();
