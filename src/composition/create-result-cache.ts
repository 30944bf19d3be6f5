// The business API's result cache for the composition root (docs/caches.md#result-cache):
// shared through Redis when REDIS_URL is set, else in this process within RESULT_CACHE_MB.
import type { Logger } from 'pino';
import { createResultCache } from '../cache/create-result-cache.ts';
import type { Config } from '../config/config.ts';
import type { Metrics } from '../observability/metrics.ts';
import { redisKeyPrefixes } from './redis-keys.ts';

export async function createBusinessResultCache(deps: { config: Config; logger: Logger; metrics: Metrics }) {
  const results = await createResultCache({
    redisUrl: deps.config.redisUrl,
    redisKeyPrefix: redisKeyPrefixes(deps.config).results,
    logger: deps.logger,
    observer: deps.metrics.cache('business_results'),
    maxBytes: deps.config.resultCacheMb * 1024 * 1024,
  });
  return { results, closers: [() => results.close()] };
}
