// The business API's result cache (docs/caches.md#result-cache, schema.graphql "Caching"):
// a result is kept for its lifetime under a key of operation, arguments and caller scope, and
// carries tags naming what it was computed from (`wallet:12`, `organization:<uuid>`) so a
// mutation can drop every result it changes. Concurrent loads of one key on this node share one
// loader call; a refresh recomputes and stores. Values go through JSON text in either store.
import type { CacheObserver } from './bounded-cache.ts';
import { jsonText } from './json-plain.ts';
import type { ResultKey } from './result-key.ts';
import type { ResultStore } from './result-store.ts';

/** Lifetimes of schema.graphql "Caching": 30 seconds, 2 minutes for aggregating queries. */
export const resultTtlMs = { query: 30_000, aggregate: 120_000 } as const;
/** The longest lifetime an entry may ask for. */
export const longestResultTtlMs = 3_600_000;
/** The most tags one entry may carry, and the longest tag. */
export const maxTagsPerEntry = 64;
export const longestTag = 200;

export interface ResultLoadOptions {
  /** How long the result is kept, in milliseconds (`resultTtlMs`); a whole number from 2 to `longestResultTtlMs`. */
  readonly ttlMs: number;
  /** Skip any stored result and recompute, then store the fresh one (a caller's `refresh: true`). */
  readonly refresh?: boolean;
  /** What the result was computed from; `invalidate` with any of them drops it. */
  readonly tags: readonly string[];
}

export interface ResultCache {
  /**
   * The stored result of `key`, else the loader's, stored for `ttlMs`; callers are answered once
   * it is stored, so their next request finds it on any node. Every caller gets its own copy, read
   * back from JSON text. A loader rejection is passed on and nothing is stored; a value that is
   * not JSON-plain is refused with a TypeError naming where. A result whose load overlapped an
   * invalidation of one of its tags is answered but not stored.
   */
  load<T>(key: ResultKey, loader: () => Promise<T>, options: ResultLoadOptions): Promise<T>;
  /**
   * Drops every stored result carrying any of the tags (on every node, with Redis), and every load
   * of them in flight here stops being shared. An unreachable Redis does not make it reject.
   */
  invalidate(tags: readonly string[]): Promise<void>;
  /**
   * Drops every stored result (on every node, with Redis) and stops sharing every load in flight
   * here: for a change no tag names (notifications lost while a node was not listening, a statement
   * over more records than a notification holds; docs/caches.md#writes-from-every-path).
   */
  invalidateAll(): Promise<void>;
  /** `memory` (this process) or `redis` (shared by every node). */
  readonly backend: 'memory' | 'redis';
  close(): Promise<void>;
}

/** Hits and misses, entries and bytes held where known, and the bytes of every entry stored (docs/metrics.md#caches). */
export interface ResultCacheObserver extends CacheObserver {
  stored(bytes: number): void;
}

export interface ResultCacheParts {
  readonly store: ResultStore;
  readonly backend: ResultCache['backend'];
  readonly observer?: ResultCacheObserver | undefined;
  /** Results larger than this are answered but not stored. */
  readonly maxEntryBytes: number;
}

interface Flight {
  readonly json: Promise<string>;
  readonly tags: readonly string[];
}

export function resultCacheOver(parts: ResultCacheParts): ResultCache {
  const { store, observer, maxEntryBytes } = parts;
  const flights = new Map<string, Flight>();
  const counts = store.counts;
  if (counts() !== undefined) observer?.watch(() => counts() ?? { entries: 0 });

  const join = async <T>(flight: Flight): Promise<T> => {
    observer?.miss();
    return JSON.parse(await flight.json) as T;
  };

  const fly = (key: string, loader: () => Promise<unknown>, options: ResultLoadOptions, stamp: unknown): Flight => {
    const load = async () => {
      const json = jsonText(await loader(), 'a cached result');
      // Not ours any more when an invalidation of one of its tags, or a refresh, came while it ran.
      if (flights.get(key) === flight) await keep(key, json, options, stamp);
      return json;
    };
    const flight: Flight = {
      tags: options.tags,
      json: load().finally(() => {
        if (flights.get(key) === flight) flights.delete(key);
      }),
    };
    flights.set(key, flight);
    return flight;
  };

  const keep = async (key: string, json: string, options: ResultLoadOptions, stamp: unknown) => {
    const bytes = entryBytes(key, json, options.tags);
    if (bytes > maxEntryBytes) return;
    const written = store.write(key, { json, ttlMs: options.ttlMs, tags: options.tags, bytes }, stamp);
    if (typeof written === 'boolean' ? written : await written) observer?.stored(bytes);
  };

  return {
    backend: parts.backend,
    load: async <T>(key: ResultKey, loader: () => Promise<T>, options: ResultLoadOptions): Promise<T> => {
      checkLoadOptions(options);
      const refresh = options.refresh ?? false;
      const flying = refresh ? undefined : flights.get(key);
      if (flying) return join<T>(flying);
      const read = store.read(key, options.tags, !refresh);
      const { json, stamp } = read instanceof Promise ? await read : read;
      if (json !== undefined) {
        observer?.hit();
        return JSON.parse(json) as T;
      }
      // Another caller may have started the same load while the store answered.
      const started = refresh ? undefined : flights.get(key);
      return join<T>(started ?? fly(key, loader, options, stamp));
    },
    invalidate: async (tags) => {
      checkTags(tags, Infinity);
      const dropped = new Set(tags);
      for (const [key, flight] of flights) if (flight.tags.some((tag) => dropped.has(tag))) flights.delete(key);
      await store.invalidate(tags);
    },
    invalidateAll: async () => {
      flights.clear();
      await store.invalidateAll();
    },
    close: () => store.close(),
  };
}

/** An entry's size: the UTF-8 bytes of its key, its JSON text and its tags (docs/caches.md#result-cache). */
export function entryBytes(key: string, json: string, tags: readonly string[]): number {
  return tags.reduce((sum, tag) => sum + Buffer.byteLength(tag), Buffer.byteLength(key) + Buffer.byteLength(json));
}

function checkLoadOptions(options: ResultLoadOptions): void {
  const { ttlMs } = options;
  if (!Number.isInteger(ttlMs) || ttlMs < 2 || ttlMs > longestResultTtlMs)
    throw new RangeError(`result cache: ttlMs must be a whole number from 2 to ${longestResultTtlMs}, got ${ttlMs}`);
  checkTags(options.tags, maxTagsPerEntry);
}

function checkTags(tags: readonly string[], most: number): void {
  if (!Array.isArray(tags)) throw new TypeError('result cache: tags must be an array of strings');
  if (tags.length > most) throw new RangeError(`result cache: at most ${most} tags an entry, got ${tags.length}`);
  for (const tag of tags) {
    if (typeof tag !== 'string' || tag === '' || tag.length > longestTag)
      throw new TypeError(
        `result cache: a tag is a string of 1 to ${longestTag} characters, got ${JSON.stringify(tag)}`,
      );
  }
}
