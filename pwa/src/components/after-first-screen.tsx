import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../lib/idle';

/** False on the first render, true once the page has loaded and the browser is idle (lib/idle.ts). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
