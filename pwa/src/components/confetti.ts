import { timings } from '@pd/domain';

/**
 * The celebration of a completed course and of a successful payment (spec section 9): confetti starts
 * after 500 ms, runs 3 s, a burst every 250 ms; nothing when the visitor prefers reduced motion.
 *
 * Drawn on the main thread into a canvas of our own (decision 028): canvas-confetti's default cannon
 * draws in a worker made from a `blob:` URL, which the api's CSP (`worker-src 'self'`) refuses, and
 * then nothing is drawn at all.
 */
export const confettiTimings = {
  startDelayMs: timings.confettiStartDelayMs,
  durationMs: timings.confettiDurationMs,
  burstEveryMs: timings.confettiBurstEveryMs,
} as const;

/** How long the last burst's pieces take to fall (60 ticks at 60 frames a second, with margin). */
const settleMs = 1500;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The canvas the confetti falls on: over the page (and an open dialog), never catching a click. */
function overlayCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.dataset.celebration = '';
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '1600',
  });
  document.body.appendChild(canvas);
  return canvas;
}

/** Starts the celebration; returns a stop function. canvas-confetti is loaded on demand. */
export function celebrate(): () => void {
  if (prefersReducedMotion()) return () => {};
  let stopped = false;
  let interval: ReturnType<typeof setInterval> | undefined;
  let removal: ReturnType<typeof setTimeout> | undefined;
  let canvas: HTMLCanvasElement | undefined;
  const start = setTimeout(() => {
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (stopped) return;
        canvas = overlayCanvas();
        const fire = confetti.create(canvas, {
          resize: true,
          useWorker: false,
          disableForReducedMotion: true,
        });
        const end = Date.now() + confettiTimings.durationMs;
        const burst = () => {
          if (Date.now() >= end) return clearInterval(interval);
          const particleCount = 50 * ((end - Date.now()) / confettiTimings.durationMs);
          const common = { startVelocity: 30, spread: 360, ticks: 60, particleCount };
          void fire({ ...common, origin: { x: 0.1 + Math.random() * 0.2, y: Math.random() - 0.2 } });
          void fire({ ...common, origin: { x: 0.7 + Math.random() * 0.2, y: Math.random() - 0.2 } });
        };
        burst();
        interval = setInterval(burst, confettiTimings.burstEveryMs);
        removal = setTimeout(() => canvas?.remove(), confettiTimings.durationMs + settleMs);
      })
      // A decoration: if it cannot load or draw, the page goes on without it.
      .catch(() => canvas?.remove());
  }, confettiTimings.startDelayMs);
  return () => {
    stopped = true;
    clearTimeout(start);
    clearInterval(interval);
    clearTimeout(removal);
    canvas?.remove();
  };
}
