import { useState, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * True for a component drawn on the server (decisions 017 and 018) or hydrated from what the
 * server drew, for as long as it stays mounted; false for one first drawn in the browser. React
 * reads the server snapshot both on the server and while it hydrates, and the browser's otherwise.
 */
export function useDrawnOnServer(): boolean {
  const drawing = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [drawn] = useState(drawing);
  return drawn;
}
