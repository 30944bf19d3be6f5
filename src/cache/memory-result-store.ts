// The result cache in process memory (docs/caches.md#result-cache): a bounded cache of JSON
// text, by entries and bytes, and beside it an index from each tag to the keys that carry it. The
// index follows the cache through its onRemove hook, so entries the cache evicts or expires leave
// the index too and it never outgrows the cache.
import { createBoundedCache } from './bounded-cache.ts';
import type { ResultStore, StoreEntry, StoreRead } from './result-store.ts';

export interface MemoryResultStoreOptions {
  /** Summed entry sizes kept at most; the least recently used entries leave first. */
  readonly maxBytes: number;
  readonly maxEntries: number;
  /** Milliseconds for lifetimes; tests pass a manual clock (see bounded-cache.ts). */
  readonly now?: () => number;
}

interface MemoryEntry {
  readonly json: string;
  readonly tags: readonly string[];
  readonly bytes: number;
}

export interface MemoryResultStore extends ResultStore {
  /** Keys listed under tags, summed over the tags: stays within what the cache holds. */
  indexSize(): number;
}

/** Invalidation in one process needs no stamp: a load in flight is dropped by the cache itself. */
const noStamp = 'memory';

export function createMemoryResultStore(options: MemoryResultStoreOptions): MemoryResultStore {
  const keysByTag = new Map<string, Set<string>>();
  const cache = createBoundedCache<MemoryEntry>({
    maxEntries: options.maxEntries,
    maxSize: options.maxBytes,
    sizeOf: (entry) => entry.bytes,
    ...(options.now ? { now: options.now } : {}),
    onRemove: (entry, key) => unindex(keysByTag, key, entry.tags),
  });
  return {
    read: (key, _tags, entry): StoreRead => ({
      json: entry ? cache.get(key)?.json : undefined,
      stamp: noStamp,
    }),
    write: (key: string, entry: StoreEntry) => {
      const stored: MemoryEntry = { json: entry.json, tags: entry.tags, bytes: entry.bytes };
      cache.set(key, stored, { ttlMs: entry.ttlMs });
      // An entry larger than the whole budget is not kept, and must not be indexed.
      if (cache.get(key) !== stored) return false;
      index(keysByTag, key, entry.tags);
      return true;
    },
    invalidate: async (tags) => {
      for (const tag of tags) {
        // Deleting runs onRemove, which edits these sets: walk a copy.
        for (const key of [...(keysByTag.get(tag) ?? [])]) cache.delete(key);
        keysByTag.delete(tag);
      }
    },
    // Clearing runs onRemove for every entry, which empties the index too.
    invalidateAll: async () => cache.clear(),
    counts: () => ({ entries: cache.size, bytes: cache.totalSize }),
    indexSize: () => [...keysByTag.values()].reduce((sum, keys) => sum + keys.size, 0),
    close: async () => cache.clear(),
  };
}

function index(keysByTag: Map<string, Set<string>>, key: string, tags: readonly string[]): void {
  for (const tag of tags) {
    const keys = keysByTag.get(tag);
    if (keys) keys.add(key);
    else keysByTag.set(tag, new Set([key]));
  }
}

function unindex(keysByTag: Map<string, Set<string>>, key: string, tags: readonly string[]): void {
  for (const tag of tags) {
    const keys = keysByTag.get(tag);
    if (!keys) continue;
    keys.delete(key);
    if (keys.size === 0) keysByTag.delete(tag);
  }
}
