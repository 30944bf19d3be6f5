// Where each user of Redis keeps its keys and channels, all under REDIS_PREFIX, so deployments
// sharing one Redis (staging and production) share no rate limit, cached result or leader lock
// (docs/configuration.md, REDIS_PREFIX). The names after the prefix are those of every earlier version,
// so an unset REDIS_PREFIX keeps the keys nodes already running use.
import type { Config } from '../config/config.ts';

export interface RedisKeyPrefixes {
  /** The rate limiters' namespace (`<prefix>:<rule>:<key>`). */
  readonly rateLimits: string;
  /** The business API's result cache. */
  readonly results: string;
  /** The market data relay: its leader lock and channels. */
  readonly marketData: string;
}

export function redisKeyPrefixes(config: Pick<Config, 'redisPrefix'>): RedisKeyPrefixes {
  const prefix = config.redisPrefix;
  return {
    rateLimits: `${prefix}wealth-platform:rate-limit`,
    results: `${prefix}wp:result:`,
    marketData: `${prefix}wp:market-data:`,
  };
}
