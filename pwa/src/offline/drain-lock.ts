/**
 * "Only one tab drains" (docs/ARCHITECTURE.md, "Offline-first"). `withDrainLock` runs `task` only when no
 * other tab (or engine) of this origin is draining, and answers `lockBusy` otherwise: never waits.
 *
 * - With Web Locks: `navigator.locks.request(name, {ifAvailable: true})`; the browser frees the lock
 *   when the task ends or the tab dies.
 * - Without (old Safari, jsdom): a lease in localStorage `{owner, expires}`. A tab writes its lease,
 *   waits a moment, and reads it back: of tabs that raced, only the last writer still finds its own
 *   lease. The lease is renewed while the task runs and expires on its own if the tab dies; a
 *   BroadcastChannel message tells the other tabs when it is released, so they can drain at once.
 *
 * The server applies each op exactly once, so two drains at the same time would waste a request,
 * never duplicate progress: the lock is about efficiency and a calm status, not correctness.
 */

export const drainLockName = 'pd-outbox-drain';
export const lockBusy = Symbol('lockBusy');

export interface LeaseOptions {
  /** Who holds the lease (one id per engine). */
  owner: string;
  /** How long a lease lives without renewal (ms). */
  ttlMs?: number;
  /** The pause between writing the lease and reading it back (ms). */
  settleMs?: number;
}

interface Lease {
  owner: string;
  expires: number;
}

const leaseKey = (name: string) => `${name}:lease`;

function readLease(name: string): Lease | null {
  try {
    const raw = localStorage.getItem(leaseKey(name));
    if (!raw) return null;
    const lease = JSON.parse(raw) as Partial<Lease>;
    return typeof lease.owner === 'string' && typeof lease.expires === 'number'
      ? { owner: lease.owner, expires: lease.expires }
      : null;
  } catch {
    return null;
  }
}

function writeLease(name: string, lease: Lease): void {
  localStorage.setItem(leaseKey(name), JSON.stringify(lease));
}

function hasLocalStorage(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage !== null;
  } catch {
    return false;
  }
}

function releaseChannel(name: string): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${name}:released`);
}

/** Calls `listener` when another tab releases a localStorage lease (Web Locks need no such signal). */
export function onLeaseReleased(listener: () => void, name = drainLockName): () => void {
  const channel = releaseChannel(name);
  if (!channel) return () => {};
  channel.onmessage = () => listener();
  return () => channel.close();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function withLease<T>(
  name: string,
  task: () => Promise<T>,
  { owner, ttlMs = 10_000, settleMs = 30 }: LeaseOptions,
): Promise<T | typeof lockBusy> {
  const held = readLease(name);
  if (held && held.owner !== owner && held.expires > Date.now()) return lockBusy;
  writeLease(name, { owner, expires: Date.now() + ttlMs });
  if (settleMs > 0) await sleep(settleMs);
  if (readLease(name)?.owner !== owner) return lockBusy;

  const renew = setInterval(() => writeLease(name, { owner, expires: Date.now() + ttlMs }), ttlMs / 3);
  try {
    return await task();
  } finally {
    clearInterval(renew);
    if (readLease(name)?.owner === owner) localStorage.removeItem(leaseKey(name));
    const channel = releaseChannel(name);
    channel?.postMessage('released');
    channel?.close();
  }
}

/** Runs `task` if this tab may drain now; `lockBusy` when another holder has it. */
export async function withDrainLock<T>(
  task: () => Promise<T>,
  lease: LeaseOptions,
  name = drainLockName,
): Promise<T | typeof lockBusy> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? task() : lockBusy));
  }
  if (hasLocalStorage()) return withLease(name, task, lease);
  return task();
}
