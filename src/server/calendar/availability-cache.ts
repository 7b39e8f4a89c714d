/**
 * Month availability, kept per process for about a second (AVAILABILITY_CACHE_MS), and emptied (clear) by
 * this process's own staff changes, so it serves them at once (routes.ts). The calendar is read-only and a
 * second of another process's staleness is harmless: every booking re-checks capacity under the row lock.
 * Concurrent misses share one query, so 32 clients asking as an entry expires cost one query, not 32;
 * the JSON is serialized and encoded once per entry. A failed load is not kept.
 */
export function createTtlCache<T>(opts: { ttlMs: number; maxEntries?: number; clock?: () => number }) {
  const clock = opts.clock ?? (() => performance.now());
  const maxEntries = opts.maxEntries ?? 64;
  const entries = new Map<string, { at: number; value: Promise<T> }>();

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (opts.ttlMs <= 0) return load();
      const now = clock();
      const hit = entries.get(key);
      if (hit && now - hit.at < opts.ttlMs) return hit.value;
      const value = load();
      // Bounded: any valid range is a key, so the oldest entry makes room for a new one.
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** The fresh value under `key`, if any, without loading. */
    peek(key: string): Promise<T> | undefined {
      const hit = entries.get(key);
      return hit && clock() - hit.at < opts.ttlMs ? hit.value : undefined;
    },
    clear: () => entries.clear(),
  };
}
