// The result cache in Redis, shared by every node (docs/caches.md#result-cache). Under the key
// prefix: `e:<key>` holds an entry's JSON text (SET … PX ttl); `t:<tag>` is a sorted set of the
// entry keys carrying the tag, scored by when each expires; `v:<tag>` counts the tag's
// invalidations, and `g` the invalidations of every entry at once. A load reads the counters of its
// tags and `g` with the entry (one MGET), and its write (one script) stores nothing when a counter
// moved meanwhile: an invalidation on any node while the loader ran wins over the result it
// computed. Every command is bounded by the connection's command timeout; a failed read is a miss,
// a failed write is skipped, a failed invalidation is kept and sent again when the connection is back.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ResultStore, StoreEntry, StoreRead } from './result-store.ts';

export interface RedisResultStoreOptions {
  /** A connection of src/cache/redis-connection.ts (no offline queue, bounded command timeout); the store closes it. */
  readonly redis: Redis;
  readonly logger: Logger;
  /** Starts every key, e.g. `wp:result:`; distinct per deployment sharing one Redis. */
  readonly keyPrefix: string;
  readonly close: (redis: Redis) => Promise<void>;
}

/** How long an invalidation counter outlives its last change: far longer than any load runs. */
export const invalidationCounterTtlMs = 24 * 3_600_000;
/** Tags whose invalidation waits for Redis to return; past this, the rest rely on their entries' lifetimes. */
export const maxPendingInvalidations = 10_000;
/** Tags per invalidation script, so one call stays a small command. */
const tagsPerScript = 500;

// KEYS: entry, tag sets (n), tag counters (n), the counter of every entry. ARGV: json, ttl ms, n,
// the counters as read (n + 1).
const writeScript = `
local n = tonumber(ARGV[3])
for i = 1, n + 1 do
  if (redis.call('GET', KEYS[1 + n + i]) or '0') ~= ARGV[3 + i] then return 0 end
end
local ttl = tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for i = 1, n do
  redis.call('ZREMRANGEBYSCORE', KEYS[1 + i], '-inf', now)
  redis.call('ZADD', KEYS[1 + i], now + ttl, KEYS[1])
  if redis.call('PTTL', KEYS[1 + i]) < ttl then redis.call('PEXPIRE', KEYS[1 + i], ttl) end
end
return 1
`;

// KEYS: tag sets (n), tag counters (n). ARGV: n, counter ttl ms.
const invalidateScript = `
local n = tonumber(ARGV[1])
for i = 1, n do
  local keys = redis.call('ZRANGE', KEYS[i], 0, -1)
  for from = 1, #keys, 1000 do
    redis.call('UNLINK', unpack(keys, from, math.min(from + 999, #keys)))
  end
  redis.call('DEL', KEYS[i])
  redis.call('INCR', KEYS[n + i])
  redis.call('PEXPIRE', KEYS[n + i], ARGV[2])
end
return 1
`;

type Script = (numberOfKeys: number, ...keysAndArguments: (string | number)[]) => Promise<unknown>;
type ScriptedRedis = Redis & { resultCacheWrite: Script; resultCacheInvalidate: Script };

/** Keys one SCAN step of `invalidateAll` asks for, and deletes. */
const keysPerScan = 1_000;

/** What every command of the store needs: the connection, the key names, and how failures are handled. */
interface RedisKeyspace {
  readonly redis: ScriptedRedis;
  readonly logger: Logger;
  readonly entryKey: (key: string) => string;
  readonly tagKey: (tag: string) => string;
  readonly counterKey: (tag: string) => string;
  /** The counter of `invalidateAll`, read and checked with every tag's. */
  readonly everyKey: string;
  /** A SCAN pattern of every entry key and tag set. */
  readonly entriesAndTagsPattern: string;
  readonly warn: (error: unknown) => void;
  readonly pending: PendingInvalidations;
}

export function createRedisResultStore(options: RedisResultStoreOptions): ResultStore {
  const { logger, keyPrefix } = options;
  const redis = options.redis as ScriptedRedis;
  redis.defineCommand('resultCacheWrite', { lua: writeScript });
  redis.defineCommand('resultCacheInvalidate', { lua: invalidateScript });
  const keyspace: RedisKeyspace = {
    redis,
    logger,
    entryKey: (key) => `${keyPrefix}e:${key}`,
    tagKey: (tag) => `${keyPrefix}t:${tag}`,
    counterKey: (tag) => `${keyPrefix}v:${tag}`,
    everyKey: `${keyPrefix}g`,
    entriesAndTagsPattern: `${keyPrefix.replace(/[*?[\]\\]/g, '\\$&')}[et]:*`,
    warn: failureWarning(redis, logger),
    pending: pendingInvalidations(logger),
  };
  redis.on('ready', () => void replayInvalidations(keyspace));
  return {
    read: (key, tags, entry) => readEntry(keyspace, key, tags, entry),
    write: (key, stored, stamp) => writeEntry(keyspace, key, stored, stamp),
    invalidate: (tags) => invalidate(keyspace, tags),
    invalidateAll: () => invalidateAll(keyspace),
    counts: () => undefined,
    close: () => options.close(redis),
  };
}

async function readEntry(
  keyspace: RedisKeyspace,
  key: string,
  tags: readonly string[],
  entry: boolean,
): Promise<StoreRead> {
  const keys = [...(entry ? [keyspace.entryKey(key)] : []), ...tags.map(keyspace.counterKey), keyspace.everyKey];
  try {
    const values = await keyspace.redis.mget(...keys);
    const counters = (entry ? values.slice(1) : values).map((value) => value ?? '0');
    return { json: entry ? (values[0] ?? undefined) : undefined, stamp: counters };
  } catch (error) {
    keyspace.warn(error);
    return { json: undefined, stamp: undefined };
  }
}

async function writeEntry(keyspace: RedisKeyspace, key: string, stored: StoreEntry, stamp: unknown): Promise<boolean> {
  if (!Array.isArray(stamp)) return false;
  const { tags } = stored;
  try {
    const written = await keyspace.redis.resultCacheWrite(
      2 + tags.length * 2,
      keyspace.entryKey(key),
      ...tags.map(keyspace.tagKey),
      ...tags.map(keyspace.counterKey),
      keyspace.everyKey,
      stored.json,
      stored.ttlMs,
      tags.length,
      ...(stamp as string[]),
    );
    return written === 1;
  } catch (error) {
    keyspace.warn(error);
    return false;
  }
}

async function invalidate(keyspace: RedisKeyspace, tags: readonly string[]): Promise<void> {
  try {
    await sendInvalidations(keyspace, tags);
  } catch (error) {
    keyspace.pending.keep(tags);
    keyspace.warn(error);
  }
}

async function invalidateAll(keyspace: RedisKeyspace): Promise<void> {
  try {
    await sendInvalidateAll(keyspace);
  } catch (error) {
    keyspace.pending.keepAll();
    keyspace.warn(error);
  }
}

/**
 * Counts the invalidation first, so loads in flight store nothing, then deletes every entry and tag
 * set in SCAN steps: no single command walks the whole keyspace.
 */
async function sendInvalidateAll(keyspace: RedisKeyspace): Promise<void> {
  const { redis } = keyspace;
  await redis.multi().incr(keyspace.everyKey).pexpire(keyspace.everyKey, invalidationCounterTtlMs).exec();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', keyspace.entriesAndTagsPattern, 'COUNT', keysPerScan);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

async function sendInvalidations(keyspace: RedisKeyspace, tags: readonly string[]): Promise<void> {
  for (let from = 0; from < tags.length; from += tagsPerScript) {
    const batch = tags.slice(from, from + tagsPerScript);
    await keyspace.redis.resultCacheInvalidate(
      batch.length * 2,
      ...batch.map(keyspace.tagKey),
      ...batch.map(keyspace.counterKey),
      batch.length,
      invalidationCounterTtlMs,
    );
  }
}

/** Sends the invalidations kept while Redis was unreachable, once the connection is back. */
async function replayInvalidations(keyspace: RedisKeyspace): Promise<void> {
  const { every, tags } = keyspace.pending.take();
  if (!every && tags.length === 0) return;
  try {
    if (every) await sendInvalidateAll(keyspace);
    else await sendInvalidations(keyspace, tags);
    keyspace.logger.info({ tags: tags.length }, 'result cache: invalidations made while Redis was unreachable sent');
  } catch (error) {
    if (every) keyspace.pending.keepAll();
    else keyspace.pending.keep(tags);
    keyspace.warn(error);
  }
}

/**
 * Warns at most once a minute of commands that failed while the connection was up (a timeout, a
 * script error); a lost connection is logged by the connection itself, once per outage.
 */
function failureWarning(redis: Redis, logger: Logger): (error: unknown) => void {
  let lastWarned = -Infinity;
  return (error) => {
    if (redis.status !== 'ready') return;
    const now = performance.now();
    if (now - lastWarned < 60_000) return;
    lastWarned = now;
    logger.warn({ err: error }, 'result cache: a Redis command failed; the request went on without the cache');
  };
}

interface PendingInvalidations {
  keep(more: readonly string[]): void;
  /** An invalidation of every entry waits: it covers every tag kept. */
  keepAll(): void;
  take(): { every: boolean; tags: string[] };
}

/** The tags of invalidations that could not reach Redis, to send once it is back; bounded. */
function pendingInvalidations(logger: Logger): PendingInvalidations {
  const tags = new Set<string>();
  let dropped = false;
  let every = false;
  return {
    keep(more: readonly string[]) {
      if (every) return;
      for (const tag of more) {
        if (tags.size >= maxPendingInvalidations && !tags.has(tag)) {
          if (!dropped)
            logger.error(
              { kept: maxPendingInvalidations },
              'result cache: too many invalidations wait for Redis; the rest expire with their entries',
            );
          dropped = true;
          continue;
        }
        tags.add(tag);
      }
    },
    keepAll() {
      every = true;
      tags.clear();
    },
    take() {
      const taken = { every, tags: every ? [] : [...tags] };
      tags.clear();
      dropped = false;
      every = false;
      return taken;
    },
  };
}
