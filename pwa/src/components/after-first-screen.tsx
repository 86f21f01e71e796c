import { startTransition, useEffect, useState } from 'react';
import { afterFirstScreen } from '../lib/idle';

/** False on the first render, true once the page has loaded and the browser is idle (lib/idle.ts). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => {
      // A transition: what the page adds now is drawn in slices the browser can interrupt (a tap
      // is answered between them), not in one long task.
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
