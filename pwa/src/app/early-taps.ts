/**
 * Taps on a page drawn on the server that land before the app has started (decision 017).
 * The page shows its buttons before any script has run; React answers a tap only from the moment it
 * starts hydrating (and replays what lands during hydration). A button tapped earlier is noted here
 * and tapped again once React listens, so the tap is not lost. Links work without the app anyway.
 */
const held: HTMLElement[] = [];
let holding = false;

function note(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
  if (button instanceof HTMLElement && !held.includes(button)) held.push(button);
}

/** Starts noting taps on buttons (boot.ts, on a drawn page, before the app's code is loaded). */
export function holdEarlyTaps(doc: Document = document): void {
  if (holding) return;
  holding = true;
  doc.addEventListener('click', note, true);
}

/** Stops noting, and taps each noted button that is still on the page (main.tsx, right after hydrateRoot). */
export function replayEarlyTaps(doc: Document = document): void {
  if (!holding) return;
  holding = false;
  doc.removeEventListener('click', note, true);
  for (const button of held.splice(0)) if (button.isConnected) button.click();
}
