import { firstScreenDataId } from '@pd/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Rendered as a transition: React yields to the browser between pieces of the first render instead
// of blocking the main thread for its whole length (shorter tasks, earlier input handling).
startTransition(() => {
  // The home page drawn on the server (decision 017) is hydrated: its buttons work from the moment
  // this script runs (a click during hydration is replayed), and nothing is drawn twice.
  if (document.getElementById(firstScreenDataId)) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
