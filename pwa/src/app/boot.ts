/**
 * The page's entry. It lets the browser paint what the HTML already holds (the home page drawn on
 * the server, or the app shell) before the app's code is evaluated and run, instead of after: on a
 * slow device that code takes longer than the paint. The code is not waiting for this: index.html
 * preloads all of it (`preloadApp` in vite.config.ts).
 *
 * The code is then evaluated in steps, each in a task of its own (React, the style engine, the data
 * contracts, the app), and the app started in a few more (main.tsx), so the phone can answer a tap
 * between them instead of being busy for their sum.
 */
import { homeDataBlockId } from '@pd/domain';
import { holdEarlyTaps, replayEarlyTaps } from './early-taps';

const steps: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('@emotion/react'),
  // zod/mini and the first screen's contracts built with it (one file: vite.config.ts).
  () => import('./first-load-contracts'),
];

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function startApp() {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  const main = await import('./main');
  // The app then starts in steps of its own too (main.tsx).
  for (const step of main.startSteps(drawnData)) {
    await nextTask();
    step();
  }
  // React listens from here on: the buttons tapped before it did are tapped again (early-taps.ts).
  replayEarlyTaps();
}

function start() {
  startApp().catch((error: unknown) => console.error('The app could not be loaded', error));
}

// The data the server drew the page with (decision 017), read by the app as it starts. A page drawn
// on the server shows buttons before the app can answer them: their taps are kept meanwhile.
// (Looked up here, not in the app: what this file imports stays out of the app's file.)
const drawnData = document.getElementById(homeDataBlockId);
if (drawnData) holdEarlyTaps();

// A frame is painted after the animation-frame callbacks; the timer runs once it has been. A tab
// opened in the background paints nothing until shown: it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
