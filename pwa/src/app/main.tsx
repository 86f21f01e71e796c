import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// Rendered as a transition: React yields to the browser between pieces of the first render instead
// of blocking the main thread for its whole length (shorter tasks, earlier input handling).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
