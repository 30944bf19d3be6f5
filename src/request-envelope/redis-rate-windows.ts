// A rate limit's fixed windows in Redis, shared by every node (docs/identity.md#rate-limits,
// docs/service.md#scale-out): one Lua script checks every key of a request and, only if each has
// room, spends the points on each, so no node sees a half-counted request and a refused one spends
// nothing. The keys are those rate-limiter-flexible used (`<prefix>:<rule>:<key>`, an integer with
// a TTL), so nodes of the previous version count in the same windows.
//
// Redis Cluster is not supported: the service connects to one Redis (src/cache/redis-connection.ts,
// as the result cache needs, docs/caches.md), and a request's keys (its address's and its
// credential's) would hash to different slots, which one script cannot touch (CROSSSLOT). There the
// script would fail, and each node count in its memory, with a warning.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createBoundedCache } from '../cache/bounded-cache.ts';
import { createMemoryRateWindows } from './memory-rate-windows.ts';
import type { RateLimitRule } from './rate-limiter.ts';
import { type KeyWindow, type WindowSpend, msBeforeRoom } from './rate-windows.ts';
import { throttledWarning } from './throttled-warning.ts';

// KEYS: the request's counts. ARGV: the points to spend, the limit, the window in milliseconds.
// Returns {admitted (1 or 0), {{spent, ms left}, … one a key}}: after the spend when admitted, as
// found when refused. A key without a TTL (left by hand) is given one, so it cannot refuse forever.
const spendScript = `
local points, limit, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local windows, admitted = {}, 1
for i, key in ipairs(KEYS) do
  local spent = tonumber(redis.call('get', key) or '0')
  local left = redis.call('pttl', key)
  if left == -1 then redis.call('pexpire', key, window) end
  if left < 0 then left = window end
  if spent + points > limit then admitted = 0 end
  windows[i] = {spent, left}
end
if admitted == 1 then
  for i, key in ipairs(KEYS) do
    windows[i][1] = redis.call('incrby', key, points)
    if redis.call('pttl', key) < 0 then redis.call('pexpire', key, window) end
  end
end
return {admitted, windows}
`;

type SpendReply = [admitted: number, windows: [spent: number, msLeft: number][]];
type ScriptedRedis = Redis & {
  rateLimitSpend(numberOfKeys: number, ...keysAndArguments: (string | number)[]): Promise<SpendReply>;
};

export interface RedisRateWindowsStore {
  readonly redis: Redis;
  /** Namespaces the keys (`<keyPrefix>:<rule name>:<key>`), under REDIS_PREFIX. */
  readonly keyPrefix: string;
  readonly logger: Logger;
}

export interface RedisRateWindows {
  /** Spends `points` on each of `keys` (distinct) if all have room; otherwise on none. Never rejects. */
  spend(keys: readonly string[], points: number): Promise<WindowSpend>;
}

export function createRedisRateWindows(rule: RateLimitRule, store: RedisRateWindowsStore): RedisRateWindows {
  const redis = store.redis as ScriptedRedis;
  redis.defineCommand('rateLimitSpend', { lua: spendScript });
  const durationMs = rule.durationSeconds * 1000;
  const redisKey = (key: string) => `${store.keyPrefix}:${rule.name}:${key}`;
  const spent = spentKeys();
  // A Redis outage degrades to per-node limits instead of failing or unlimiting requests.
  const insurance = createMemoryRateWindows(rule);
  const warnings = throttledWarning(store.logger, 60_000);
  return {
    async spend(keys, points) {
      const sentAt = performance.now();
      const blocked = spent.msBeforeNext(keys, sentAt);
      if (blocked > 0) return { allowed: false, msBeforeNext: blocked };
      let reply: SpendReply;
      try {
        reply = await redis.rateLimitSpend(keys.length, ...keys.map(redisKey), points, rule.points, durationMs);
      } catch (error) {
        // An outage is logged by the connection; a failure while it is up (a refused script, a
        // Cluster) would otherwise go unseen while every node counts apart.
        if (redis.status === 'ready')
          warnings.warn({ err: error, rateLimit: rule.name }, 'rate limit counted in this node’s memory: Redis failed');
        return insurance.spend(keys, points);
      }
      const [admitted, found] = reply;
      const windows = found.map(([spentPoints, msLeft]): KeyWindow => ({ spent: spentPoints, msLeft }));
      // Measured from when the script was sent, so a key is never held here past its window in Redis.
      windows.forEach((window, index) => {
        if (window.spent >= rule.points) spent.hold(keys[index]!, sentAt + window.msLeft);
      });
      if (admitted === 1) return { allowed: true };
      return { allowed: false, msBeforeNext: msBeforeRoom(windows, points, rule.points) };
    },
  };
}

/**
 * The keys this node saw spent to the limit, until their windows end: a request naming one is
 * refused from memory, so a flood of refused requests costs Redis nothing. A window's count only
 * grows, so such a key would refuse in Redis too; only its Retry-After may be shorter than Redis
 * would say, when another of the request's keys is spent as well (the retry then learns it).
 */
function spentKeys() {
  const until = createBoundedCache<number>({ maxEntries: 100_000 });
  return {
    hold(key: string, endsAt: number): void {
      until.set(key, endsAt, { ttlMs: Math.max(2, Math.ceil(endsAt - performance.now())) });
    },
    msBeforeNext(keys: readonly string[], at: number): number {
      return Math.max(0, ...keys.map((key) => (until.get(key) ?? at) - at));
    },
  };
}
