/**
 * Remembers the last `maxEntries` results of a pure function of a string (the oldest go first).
 * For per-request crypto on values that repeat (a session cookie's signature, its id's hash).
 */
export function memoize<T>(fn: (key: string) => T, maxEntries = 10_000): (key: string) => T {
  const results = new Map<string, T>();
  return (key) => {
    const hit = results.get(key);
    if (hit !== undefined) return hit;
    const value = fn(key);
    if (results.size >= maxEntries) results.delete(results.keys().next().value as string);
    results.set(key, value);
    return value;
  };
}
