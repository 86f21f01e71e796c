import type { UserRow } from '../../../db/schema.js';

/** A session row as the store needs it: its data, its user and when it expires (ms since epoch). */
export interface CachedSession {
  data: Readonly<Record<string, unknown>>;
  userId: string | null;
  expiresAt: number;
}

export interface SessionCacheOptions {
  /** How long an entry may be served without asking the database (default 2 s). */
  ttlMs?: number;
  /** Entries per map; the oldest go first (default 10 000). */
  maxEntries?: number;
  /** Monotonic milliseconds (tests inject their own). */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

const userKey = (id: string) => `u:${id}`;
const sessionKey = (idHash: string) => `s:${idHash}`;

/**
 * Decision 012: a micro-cache of session lookups (by SHA-256 of the id) and of the signed-in
 * user's row, for at most `ttlMs`. One per app (`createApp` makes it and passes it through
 * `AppDeps`). The auth module is the only writer of `sessions` and `users`, and its stores call
 * `invalidateSession` / `invalidateUser` after each write; another instance's write is seen within
 * `ttlMs`.
 *
 * A read that started before an invalidation never fills the cache (`ticket`). A write inside a
 * transaction invalidates before its commit: for `ttlMs` afterwards its keys are not cached at all.
 */
export class SessionCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly sessions = new Map<string, Entry<CachedSession>>();
  private readonly users = new Map<string, Entry<UserRow>>();
  private readonly tombstones = new Map<string, number>();
  private generation = 0;

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 2000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Take before reading the database; hand it to `put*`, which ignores the row if anything was invalidated since. */
  ticket(): number {
    return this.generation;
  }

  getSession(idHash: string): CachedSession | undefined {
    return this.fresh(this.sessions, idHash);
  }

  putSession(idHash: string, session: CachedSession, ticket: number): void {
    if (ticket !== this.generation || this.blocked(sessionKey(idHash))) return;
    if (session.userId && this.blocked(userKey(session.userId))) return;
    this.store(this.sessions, idHash, { ...session, data: Object.freeze({ ...session.data }) });
  }

  getUser(id: string): UserRow | undefined {
    return this.fresh(this.users, id);
  }

  putUser(id: string, row: UserRow, ticket: number): void {
    if (ticket !== this.generation || this.blocked(userKey(id))) return;
    this.store(this.users, id, Object.freeze({ ...row }));
  }

  /**
   * The session was updated or destroyed. `pending`: the write sits in a transaction that has not
   * committed yet, so the key is not cached again for `ttlMs` (a read now would still see the old row).
   */
  invalidateSession(idHash: string, pending = false): void {
    this.generation++;
    this.sessions.delete(idHash);
    if (pending) this.tombstone(sessionKey(idHash));
  }

  /** The user row changed or went away, or all of the user's sessions ended (`pending`: as above). */
  invalidateUser(userId: string, pending = false): void {
    this.generation++;
    this.users.delete(userId);
    for (const [idHash, entry] of this.sessions) {
      if (entry.value.userId === userId) this.sessions.delete(idHash);
    }
    if (pending) this.tombstone(userKey(userId));
  }

  /** Forget everything (a write whose rows we cannot tell). */
  clear(pending = false): void {
    this.generation++;
    this.sessions.clear();
    this.users.clear();
    if (pending) this.tombstone('*');
  }

  get size(): { sessions: number; users: number } {
    return { sessions: this.sessions.size, users: this.users.size };
  }

  private fresh<V>(map: Map<string, Entry<V>>, key: string): V | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    if (age >= 0 && age < this.ttlMs) return entry.value;
    map.delete(key);
    return undefined;
  }

  private store<V>(map: Map<string, Entry<V>>, key: string, value: V): void {
    map.delete(key);
    if (map.size >= this.maxEntries) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, { value, storedAt: this.now() });
  }

  private tombstone(key: string): void {
    const now = this.now();
    if (this.tombstones.size >= this.maxEntries) {
      for (const [k, until] of this.tombstones) if (until <= now) this.tombstones.delete(k);
      if (this.tombstones.size >= this.maxEntries) this.tombstones.clear();
    }
    this.tombstones.set(key, now + this.ttlMs);
  }

  private blocked(key: string): boolean {
    if (this.tombstones.size === 0) return false;
    return this.tombstoned('*') || this.tombstoned(key);
  }

  private tombstoned(key: string): boolean {
    const until = this.tombstones.get(key);
    if (until === undefined) return false;
    const now = this.now();
    if (now < until && now >= until - this.ttlMs) return true;
    this.tombstones.delete(key);
    return false;
  }
}
