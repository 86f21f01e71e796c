/**
 * The page's entry. It lets the browser paint what the HTML already holds (the home page drawn on
 * the server, or the app shell) before the app's code is evaluated and run, instead of after: on a
 * slow device that code takes longer than the paint. The code is not waiting for this: index.html
 * preloads all of it (`preloadApp` in vite.config.ts).
 *
 * The code is then evaluated in steps, each in a task of its own (React, then the style engine,
 * then the app), so the phone can answer a tap between them instead of being busy for their sum.
 */
import { homeDataBlockId } from '@pd/domain';
import { holdEarlyTaps } from './early-taps';
import './zod-jitless';

const steps: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('@emotion/react'),
  () => import('./main'),
];

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function startApp() {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}

function start() {
  startApp().catch((error: unknown) => console.error('The app could not be loaded', error));
}

// A page drawn on the server shows buttons before the app can answer them: their taps are kept.
if (document.getElementById(homeDataBlockId)) holdEarlyTaps();

// A frame is painted after the animation-frame callbacks; the timer runs once it has been. A tab
// opened in the background paints nothing until shown: it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
