import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted a render in which `ready` was true (the next frame's paint,
 * then a task); true from then on. A page draws what the first screen shows at once and the rest
 * (below the fold, or work that can wait) right after that paint, in a transition a tap can
 * interrupt. A hidden tab paints nothing: true on the next task.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  const waiting = ready && !painted;
  useEffect(() => {
    if (!waiting) return;
    const done = () => startTransition(() => setPainted(true));
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
      const timer = setTimeout(done, 0);
      return () => clearTimeout(timer);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [waiting]);
  return painted;
}
