// The one in-memory cache of every layer (docs/caches.md#bounded-caches): lru-cache behind a
// small interface, so each cache is bounded by entries and, where asked, by age and by a
// summed size (e.g. bytes), and the least recently used entry leaves first.
import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions<V> {
  /** Most entries kept; when full, the least recently used one leaves first. */
  readonly maxEntries: number;
  /** Default lifetime of an entry, counted from when it was stored; reading it does not extend it. */
  readonly ttlMs?: number;
  /** Bound on the summed `sizeOf` of the entries; an entry larger than this alone is served but not kept. */
  readonly maxSize?: number;
  /** The size of one entry in the unit of `maxSize` (bytes, say); required with `maxSize`. */
  readonly sizeOf?: (value: V, key: string) => number;
  /** Milliseconds for lifetimes; tests pass a manual clock (never at 0: lru-cache reads a start of 0 as "no lifetime"). Default: the monotonic `performance.now`. */
  readonly now?: () => number;
  /**
   * Told of every hit and miss, and given a reader of the entries and summed size, so a metrics
   * collector can count them without this kernel module knowing one (docs/metrics.md#caches).
   */
  readonly observer?: CacheObserver;
  /**
   * Told of every stored value that leaves: evicted, expired (when found so), deleted, cleared, or
   * replaced by another value under its key; never of a value too large to be kept. Lets an index
   * kept beside the cache (the result cache's tags) drop what the cache dropped.
   */
  readonly onRemove?: (value: V, key: string) => void;
}

export interface CacheObserver {
  hit(): void;
  miss(): void;
  /** `bytes` is the summed `sizeOf`, present when the cache is bounded by size. */
  watch(read: () => { entries: number; bytes?: number }): void;
}

export interface EntryOptions {
  /** This entry's lifetime instead of the cache's `ttlMs` (e.g. longer for aggregates). */
  readonly ttlMs?: number;
}

export interface LoadOptions extends EntryOptions {
  /** Load even when a live entry exists, and store the result (a caller's `refresh: true`). */
  readonly refresh?: boolean;
}

export interface BoundedCache<V> {
  /** The live entry, or `undefined`; a hit makes the entry the most recently used. */
  get(key: string): V | undefined;
  set(key: string, value: V, options?: EntryOptions): void;
  /**
   * The live entry, else the loader's value, stored. Concurrent loads of one key share one
   * loader call; a rejection is passed on and nothing is stored.
   */
  load(key: string, loader: () => Promise<V>, options?: LoadOptions): Promise<V>;
  delete(key: string): void;
  /** Removes every entry (a change that may touch any of them, such as an API key revocation). */
  clear(): void;
  /** Entries held, expired ones not yet swept and loads in flight included. */
  readonly size: number;
  /** The summed `sizeOf` of the entries held (0 without `maxSize`): stays at most `maxSize`. */
  readonly totalSize: number;
}

/** Anything but `null` and `undefined`: `undefined` is how a miss reads. */
export type CacheValue = NonNullable<unknown>;

type Loader<V> = () => Promise<V>;

export function createBoundedCache<V extends CacheValue>(options: BoundedCacheOptions<V>): BoundedCache<V> {
  checkOptions(options);
  const { sizeOf, now, onRemove } = options;
  const lru = new LRUCache<string, V, Loader<V>>({
    max: options.maxEntries,
    ...(options.ttlMs === undefined ? {} : { ttl: libraryTtl(options.ttlMs) }),
    // Read the clock on every check: lru-cache otherwise reuses one reading for a millisecond,
    // which a manual test clock moved in between would not see.
    ttlResolution: 0,
    ...(options.maxSize === undefined ? {} : { maxSize: options.maxSize }),
    // lru-cache needs a positive whole size; an empty value still takes a slot, so it counts 1.
    ...(sizeOf ? { sizeCalculation: (value: V, key: string) => Math.max(1, Math.ceil(sizeOf(value, key))) } : {}),
    ...(now ? { perf: { now } } : {}),
    ...(onRemove ? { dispose: (value: V, key: string) => onRemove(value, key) } : {}),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  const entryTtl = (ttlMs: number | undefined) => (ttlMs === undefined ? {} : { ttl: libraryTtl(checkTtl(ttlMs)) });
  const observer = options.observer;
  observer?.watch(() => (sizeOf ? { entries: lru.size, bytes: lru.calculatedSize } : { entries: lru.size }));
  const count = (hit: boolean) => (hit ? observer?.hit() : observer?.miss());
  return {
    get: (key) => {
      const value = lru.get(key);
      count(value !== undefined);
      return value;
    },
    set: (key, value, entry) => void lru.set(key, value, entryTtl(entry?.ttlMs)),
    load: (key, loader, entry) => {
      const refresh = entry?.refresh ?? false;
      // A load joining one in flight counts as a miss: its caller waits for the loader.
      count(!refresh && lru.has(key));
      return lru.forceFetch(key, { context: loader, forceRefresh: refresh, ...entryTtl(entry?.ttlMs) });
    },
    delete: (key) => void lru.delete(key),
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
    get totalSize() {
      return lru.calculatedSize ?? 0;
    },
  };
}

// lru-cache serves an entry while its age is at most `ttl`; here an entry is gone once it is
// `ttlMs` old (a sparkline kept 8 minutes is not served at 8:00.000, docs/wallet-sparkline.md),
// so the library is given one millisecond less.
function libraryTtl(ttlMs: number): number {
  return ttlMs - 1;
}

function checkTtl(ttlMs: number): number {
  if (!Number.isInteger(ttlMs) || ttlMs < 2)
    throw new RangeError(`ttlMs must be a whole number of milliseconds ≥ 2, got ${ttlMs}`);
  return ttlMs;
}

function checkOptions<V>(options: BoundedCacheOptions<V>): void {
  if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1)
    throw new RangeError(`maxEntries must be a whole number ≥ 1, got ${options.maxEntries}`);
  if (options.ttlMs !== undefined) checkTtl(options.ttlMs);
  if ((options.maxSize === undefined) !== (options.sizeOf === undefined))
    throw new RangeError('maxSize and sizeOf go together');
  if (options.maxSize !== undefined && (!Number.isInteger(options.maxSize) || options.maxSize < 1))
    throw new RangeError(`maxSize must be a whole number ≥ 1, got ${options.maxSize}`);
}
