/**
 * The page's entry (decision 018). It lets the browser paint what the HTML already holds (a page
 * drawn on the server, or the app shell) before the app's code is evaluated and run, instead of
 * after: on a slow device that code takes longer than the paint. The code is not waiting for this:
 * index.html preloads all of it (`preloadApp` in vite.config.ts), except on a page drawn on the
 * server, which holds those preloads back until it has painted (see `start`).
 *
 * The code is then evaluated in steps, each in a task of its own (React, then the style engine,
 * then the app), so the phone can answer a tap between them instead of being busy for their sum.
 */
import { afterPaintPreloadRel, firstScreenDataId, moduleScreenDataId } from '@pd/domain';
import { holdEarlyTaps } from './early-taps';
import './zod-jitless';

const steps: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('@emotion/react'),
  // A module page drawn on the server first reads its data with zod (decision 018).
  ...(document.getElementById(moduleScreenDataId)
    ? [() => import('./zod-step'), () => import('./module-screen-data')]
    : []),
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

/**
 * A page drawn on the server held its script preloads back until it painted (api/src/first-screen.ts):
 * they are let go now, a few per task (starting sixty fetches at once is itself a long task on a
 * slow phone), in the order the app needs them.
 */
function releasePreloads() {
  const held = [...document.querySelectorAll<HTMLLinkElement>(`link[rel="${afterPaintPreloadRel}"]`)];
  const release = () => {
    for (const link of held.splice(0, 8)) link.rel = 'modulepreload';
    if (held.length > 0) setTimeout(release, 0);
  };
  release();
}

function start() {
  releasePreloads();
  startApp().catch((error: unknown) => console.error('The app could not be loaded', error));
}

// A page drawn on the server shows buttons before the app can answer them: their taps are kept.
if (document.getElementById(firstScreenDataId) || document.getElementById(moduleScreenDataId))
  holdEarlyTaps();

// A frame is painted after the animation-frame callbacks; the timer runs once it has been. A tab
// opened in the background paints nothing until shown: it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
