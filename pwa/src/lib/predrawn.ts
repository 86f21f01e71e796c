import { predrawnId } from '@pd/domain';
import { useLayoutEffect } from 'react';

/**
 * Decision 070: on a module page the service worker may have drawn the lesson before the app ran
 * (the element `predrawnId`, before the root, which the shell's CSS hides while it is there). It
 * stays while the app shows only a loading screen, and goes in the commit that puts the app's own
 * page on screen, so the teacher never sees the lesson give way to a spinner.
 */
let loadingScreens = 0;

/** Whether a drawn page is on screen (the app's page has not replaced it yet). */
export function predrawnOnScreen(): boolean {
  return document.getElementById(predrawnId) !== null;
}

/** Removes the drawn page (the root shows in the same frame). */
export function releasePredrawn(): void {
  document.getElementById(predrawnId)?.remove();
}

/** After the commit in progress (every layout effect run): no loading screen left, the app's page shows. */
function releaseUnlessLoading(): void {
  queueMicrotask(() => {
    if (loadingScreens === 0) releasePredrawn();
  });
}

/** For a loading screen: the drawn page stays while one is mounted. */
export function useHoldPredrawn(): void {
  useLayoutEffect(() => {
    loadingScreens += 1;
    return () => {
      loadingScreens -= 1;
      releaseUnlessLoading();
    };
  }, []);
}

/** For the app's outermost layouts (and its error page): a commit with no loading screen releases it. */
export function useReleasePredrawn(): void {
  useLayoutEffect(releaseUnlessLoading);
}
