// An ioredis connection for what nodes share through REDIS_URL: the rate limits
// (docs/identity.md#rate-limits) and the result cache (docs/caches.md#result-cache). Redis is
// an optimisation there, never a dependency a request waits on: commands fail fast while it is
// away (no offline queue, bounded timeouts) so each user's per-node fallback answers instead, and
// connection errors are logged, never thrown.
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

// ioredis (CommonJS) is required on the first connection, not imported: without REDIS_URL no
// connection is made, and start-up need not load it (docs/service.md#start-up).
const require = createRequire(import.meta.url);
const loadRedis = (): typeof Redis => (require('ioredis') as typeof IoRedis).Redis;

export interface RedisConnectionOptions {
  url: string;
  logger: Logger;
  /** What the connection serves (`rate limits`, `result cache`), named in its log lines. */
  use: string;
  /** How long one connection attempt may take before it is abandoned and retried. */
  connectTimeoutMs?: number;
  /** How long one command may wait for its reply before its user falls back to working without Redis. */
  commandTimeoutMs?: number;
}

/**
 * Creates the client without connecting (`lazyConnect`): the first command or
 * `waitForRedis` opens the connection, and ioredis keeps reconnecting in the background
 * after a loss. An outage is logged once when it starts and once when it ends.
 */
export function createRedisConnection(options: RedisConnectionOptions): Redis {
  const redis = new (loadRedis())(options.url, {
    lazyConnect: true,
    // rate-limiter-flexible's advice: a queued command would hold the request until Redis
    // returns; rejected at once, the request goes on without Redis (the insurance limiter, the
    // loader of an uncached result).
    enableOfflineQueue: false,
    connectTimeout: options.connectTimeoutMs ?? 2_000,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    maxRetriesPerRequest: 1,
    // ioredis waits this long for a socket to close on disconnect, and the whole of it when
    // the socket was already lost (closing during an outage), which holds up shutdown.
    disconnectTimeout: 500,
  });
  const where = describeRedisUrl(options.url);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    options.logger.warn(
      { redis: where, use: options.use, err: error },
      `Redis unreachable (${options.use}): this node works without it until it returns`,
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    options.logger.info(
      { redis: where, use: options.use },
      `Redis reachable again (${options.use}): shared across nodes`,
    );
  });
  return redis;
}

/**
 * Connects (if not yet connected) and resolves true once Redis is ready, or false on the
 * first failure or after `timeoutMs`; never rejects. For the composition root, so the first
 * requests after start already share through Redis.
 */
export function waitForRedis(redis: Redis, timeoutMs = 2_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  if (redis.status === 'end') return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      resolve(ready);
    };
    const onReady = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    redis.on('ready', onReady);
    redis.on('error', onError);
    if (redis.status === 'wait') redis.connect().catch(() => {});
  });
}

/** Closes the connection and stops reconnecting, so the process can exit. */
export async function closeRedisConnection(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // The connection dropped while quitting: disconnect below.
    }
  }
  redis.disconnect();
}

/** Host, port and database only: a Redis URL may carry a password, which is never logged. */
export function describeRedisUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}
