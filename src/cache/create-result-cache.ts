// Builds the result cache (docs/caches.md#result-cache): in process memory by default, in
// Redis when a URL is given so every node shares one cache. For the composition root, which
// names it `business_results` in the metrics and closes it at shutdown.
import type { Logger } from 'pino';
import { createMemoryResultStore } from './memory-result-store.ts';
import { closeRedisConnection, createRedisConnection, waitForRedis } from './redis-connection.ts';
import { type ResultCache, type ResultCacheObserver, resultCacheOver } from './result-cache.ts';
import { createRedisResultStore } from './redis-result-store.ts';
import type { ResultStore } from './result-store.ts';

export interface ResultCacheOptions {
  /** REDIS_URL: share the cache through Redis; unset keeps it in this process. */
  readonly redisUrl?: string | undefined;
  readonly logger: Logger;
  /** The metrics of `business_results` (src/observability/cache-metrics.ts). */
  readonly observer?: ResultCacheObserver | undefined;
  /** In memory only: bytes kept at most (RESULT_CACHE_MB); 0 keeps nothing, every load runs its loader. */
  readonly maxBytes: number;
  /** In memory only: entries kept at most. Default 100,000. */
  readonly maxEntries?: number;
  /** A result larger than this is answered but not stored, in either store. Default 4 MiB, at most `maxBytes` in memory. */
  readonly maxEntryBytes?: number;
  /** In memory only: the clock of lifetimes, for tests (see bounded-cache.ts). */
  readonly now?: () => number;
  /** With Redis: what every key starts with (src/composition/redis-keys.ts); required with `redisUrl`. */
  readonly redisKeyPrefix?: string;
  /** With Redis: how long one command may take before the request goes on without the cache. Default 500 ms. */
  readonly redisCommandTimeoutMs?: number;
  /** With Redis: how long the start waits for the first connection. Default 2 s; the cache works (uncached) meanwhile. */
  readonly redisConnectTimeoutMs?: number;
}

export const defaultMaxEntryBytes = 4 * 1024 * 1024;

export async function createResultCache(options: ResultCacheOptions): Promise<ResultCache> {
  const maxEntryBytes = options.maxEntryBytes ?? defaultMaxEntryBytes;
  if (options.redisUrl !== undefined) {
    const store = await redisStore(options.redisUrl, options);
    return resultCacheOver({ store, backend: 'redis', observer: options.observer, maxEntryBytes });
  }
  checkMaxBytes(options.maxBytes);
  const store =
    options.maxBytes === 0
      ? keepsNothing()
      : createMemoryResultStore({
          maxBytes: options.maxBytes,
          maxEntries: options.maxEntries ?? 100_000,
          ...(options.now ? { now: options.now } : {}),
        });
  return resultCacheOver({
    store,
    backend: 'memory',
    observer: options.observer,
    maxEntryBytes: Math.min(maxEntryBytes, options.maxBytes),
  });
}

async function redisStore(url: string, options: ResultCacheOptions): Promise<ResultStore> {
  const keyPrefix = options.redisKeyPrefix;
  if (keyPrefix === undefined) throw new Error('a result cache in Redis needs its key prefix (redisKeyPrefix)');
  const connectTimeoutMs = options.redisConnectTimeoutMs ?? 2_000;
  const redis = createRedisConnection({
    url,
    logger: options.logger,
    use: 'result cache',
    connectTimeoutMs,
    commandTimeoutMs: options.redisCommandTimeoutMs ?? 500,
  });
  await waitForRedis(redis, connectTimeoutMs);
  return createRedisResultStore({
    redis,
    logger: options.logger,
    keyPrefix,
    close: closeRedisConnection,
  });
}

function keepsNothing(): ResultStore {
  return {
    read: () => ({ json: undefined, stamp: undefined }),
    write: () => false,
    invalidate: async () => {},
    invalidateAll: async () => {},
    counts: () => ({ entries: 0, bytes: 0 }),
    close: async () => {},
  };
}

function checkMaxBytes(maxBytes: number): void {
  if (!Number.isInteger(maxBytes) || maxBytes < 0)
    throw new RangeError(`result cache: maxBytes must be a whole number ≥ 0, got ${maxBytes}`);
}
