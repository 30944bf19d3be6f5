// Rate limits of the authentication routes (docs/identity.md#rate-limits, openapi.yaml "Rate
// limits"): per client address and route, AUTH_RATE_LIMIT requests a minute; shared through Redis
// with REDIS_URL.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { OperationId } from '../../generated/openapi/operations.ts';
import type { Config } from '../config/config.ts';
import type { HttpState } from '../http/koa-state.ts';
import { rateLimit } from '../http/rate-limit/rate-limit-middleware.ts';
import { createRateLimiter } from '../request-envelope/rate-limiter.ts';
import {
  type FailedCredentialLimit,
  createFailedCredentialLimit,
} from '../request-envelope/failed-credential-limit.ts';
import type { CostBudget } from '../graphql/operation-cost/cost-budget.ts';
import type { ClientRateLimit } from '../request-envelope/rate-limit.ts';
import { apiRateLimits } from './api-rate-limits.ts';
import { redisKeyPrefixes } from './redis-keys.ts';
import { closeRedisConnection, createRedisConnection, waitForRedis } from '../cache/redis-connection.ts';

export const rateLimitedOperations = [
  'exchangeToken',
  'getSession',
  'deleteSession',
  'logout',
  'login',
  'loginCallback',
  'createWalletJwt',
  'createWorkflowSdkInitToken',
  'createKycSdkInitToken',
] as const satisfies readonly OperationId[];

export async function authRateLimits(
  config: Config,
  logger: Logger,
  onRejected: (limit: string) => void,
): Promise<{
  guards: Partial<Record<OperationId, Middleware<HttpState>>>;
  dataLayer: ClientRateLimit | null;
  graphql: ClientRateLimit | null;
  failedCredentials: FailedCredentialLimit;
  graphqlCost: CostBudget | null;
  close(): Promise<void>;
}> {
  const redis = config.redisUrl
    ? createRedisConnection({ url: config.redisUrl, logger, use: 'rate limits' })
    : undefined;
  if (redis) await waitForRedis(redis);
  const limiter = createRateLimiter(
    { name: 'auth', points: config.authRateLimit, durationSeconds: 60 },
    { redis, keyPrefix: redisKeyPrefixes(config).rateLimits, logger },
  );
  const guards: Partial<Record<OperationId, Middleware<HttpState>>> = {};
  for (const id of rateLimitedOperations)
    guards[id] = rateLimit<HttpState>(limiter, (ctx) => `${id}:${ctx.ip}`, onRejected);
  // The GraphQL APIs and uploads share the Redis connection (src/composition/api-rate-limits.ts).
  const api = apiRateLimits(config, { redis, logger }, onRejected);
  return {
    guards: { ...guards, ...api.guards },
    dataLayer: api.dataLayer,
    graphql: api.graphql,
    failedCredentials: createFailedCredentialLimit(config.failedCredentialLimit, {
      redis,
      keyPrefix: redisKeyPrefixes(config).rateLimits,
      logger,
    }),
    graphqlCost: api.graphqlCost,
    close: async () => (redis ? closeRedisConnection(redis) : undefined),
  };
}
