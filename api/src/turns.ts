/**
 * Long downloads take turns with everything else (decision 123, issue 31 item 5).
 *
 * A members CSV or a group's transcripts is seconds of work. Written straight through, a download
 * holds the event loop for the length of a page; with a turn of the event loop after each slice, five
 * downloads at once still put five slices ahead of every other request at each turn. So the
 * downloads in progress share ONE slice at a time, a slice's length apart: `backgroundSlice()`
 * waits for this process's next free slice, and the caller then works for at most `sliceMs` before
 * it asks again. A teacher's request waits for at most one slice, however many admins download, and
 * the downloads together take at most about half of the process's time (decision 129).
 *
 * Their reads take turns too: `backgroundRead` runs one download's page read at a time in the
 * process, then rests as long as the read took, so a request's query never queues behind five
 * downloads' pages and the downloads hold the database at most half the time (PGlite runs one query
 * at a time on the api's own thread; on PostgreSQL the downloads keep to one connection of the pool).
 *
 * The event loop is the process's, so the queues are too (the one state kept at module level in the
 * api): two apps in one process (the tests) share the loop, and share the turns.
 */
import { setImmediate } from 'node:timers';

/** How long one slice of a download may work before it lets the rest of the process run. */
export const sliceMs = 2;

const waiting: (() => void)[] = [];
let pumping = false;

/** Hands the next turn of the event loop to the download that has waited longest. */
function pump(): void {
  const next = waiting.shift();
  if (!next) {
    pumping = false;
    return;
  }
  next();
  // The download's slice runs now, in this turn's microtasks; the next one no sooner than a slice's
  // length later (decision 129): however many downloads run, they take at most about half of the
  // process's time, and the rest of it (and the garbage they make) stays the teachers'.
  setTimeout(pump, sliceMs);
}

/** Waits for this download's turn: resolves in a later turn of the event loop than the call. */
export function backgroundSlice(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!pumping) {
      pumping = true;
      setImmediate(pump);
    }
  });
}

/**
 * `items` written as text, a slice per turn: each yield is what one slice wrote (at least one item,
 * then more until `sliceMs` has passed).
 */
export async function* inSlices<T>(items: readonly T[], write: (item: T) => string): AsyncGenerator<string> {
  for (let i = 0; i < items.length;) {
    await backgroundSlice();
    const started = performance.now();
    let text = '';
    do text += write(items[i++] as T);
    while (i < items.length && performance.now() - started < sliceMs);
    yield text;
  }
}

/**
 * Housekeeping's bulk work (the weekly digests, decision 126) takes turns with the teachers at the
 * database: after a batch that took `workedMs`, as long again before the next, so a long job holds
 * the database at most half the time however long it runs.
 */
export function restAfter(workedMs: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(workedMs, 0), 5_000)));
}

let reading: Promise<unknown> = Promise.resolve();

/** The longest rest after one background read, however long it took. */
const longestReadRestMs = 1_000;

/**
 * Runs `read` once the process's other downloads' reads have finished: one download read at a time,
 * and after each as long a rest before the next (at most 1 s; decision 129), so the downloads hold
 * their connection of the database at most half the time. The caller has its rows at once.
 */
export function backgroundRead<T>(read: () => Promise<T>): Promise<T> {
  let began = 0;
  const timed = () => {
    began = performance.now();
    return read();
  };
  const result = reading.then(timed, timed);
  reading = result
    .catch(() => undefined)
    .then(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(resolve, Math.min(performance.now() - began, longestReadRestMs)),
        ),
    );
  return result;
}
