/**
 * Work that is not needed for the first screen (opening IndexedDB, starting the sync engine,
 * registering the service worker) waits until the page has loaded and the browser is idle, so the
 * first render is not competing with it. In tests (no `requestIdleCallback`, or a loaded document)
 * it runs on the next task.
 */
let ready: Promise<void> | null = null;

export function afterFirstScreen(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const whenIdle = () => {
      const idle = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
        .requestIdleCallback;
      if (idle) idle(() => resolve(), { timeout: 1500 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return ready;
}
