/**
 * The celebration of a completed course and of a successful payment. Spec section 9: confetti starts
 * after 500 ms, runs 3 s, a burst every 250 ms; nothing when the visitor prefers reduced motion.
 */
export const confettiTimings = { startDelayMs: 500, durationMs: 3000, burstEveryMs: 250 } as const;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Starts the celebration; returns a stop function. canvas-confetti is loaded on demand. */
export function celebrate(): () => void {
  if (prefersReducedMotion()) return () => {};
  let stopped = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  const start = setTimeout(() => {
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (stopped) return;
        const end = Date.now() + confettiTimings.durationMs;
        const burst = () => {
          if (Date.now() >= end) return clearInterval(interval);
          const particleCount = 50 * ((end - Date.now()) / confettiTimings.durationMs);
          const common = { startVelocity: 30, spread: 360, ticks: 60, zIndex: 1600, particleCount };
          void confetti({ ...common, origin: { x: 0.1 + Math.random() * 0.2, y: Math.random() - 0.2 } });
          void confetti({ ...common, origin: { x: 0.7 + Math.random() * 0.2, y: Math.random() - 0.2 } });
        };
        interval = setInterval(burst, confettiTimings.burstEveryMs);
      })
      .catch(() => {});
  }, confettiTimings.startDelayMs);
  return () => {
    stopped = true;
    clearTimeout(start);
    clearInterval(interval);
  };
}
