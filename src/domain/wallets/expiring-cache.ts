// A bounded in-memory cache whose entries expire (issue 5: sparklines are kept 8 minutes):
// least recently used out first when full, so memory stays bounded whatever callers ask for.

export interface ExpiringCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
}

export function createExpiringCache<V>(options: { capacity: number; ttlMs: number; now?: () => number }): ExpiringCache<V> {
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      // Re-inserted: Map order is the recency order.
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs });
      while (entries.size > options.capacity) entries.delete(entries.keys().next().value as string);
    },
    get size() {
      return entries.size;
    },
  };
}
