// Rate limits of the GraphQL APIs, of uploads and of the KYC provider's webhooks (openapi.yaml
// "Rate limits", docs/identity.md#rate-limits): API_RATE_LIMIT requests a minute on POST /graphql
// and on the data layer's /v1/graphql, each counted per client address and per credential
// presented, and on POST /webhooks/kyc per client address (its digest differs with every body, so
// it names no caller); UPLOAD_RATE_LIMIT on POST /documents/upload; GRAPHQL_COST_RATE_LIMIT cost
// points a minute of the business API's operations (docs/api-limits.md#the-cost-budget); shared
// through Redis with REDIS_URL like the auth limits.
import type { Redis } from 'ioredis';
import type { Middleware } from 'koa';
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { OperationId } from '../../generated/openapi/operations.ts';
import type { Config } from '../config/config.ts';
import { type CostBudget, costBudget } from '../graphql/operation-cost/cost-budget.ts';
import type { HttpState } from '../http/koa-state.ts';
import { rateLimit } from '../http/rate-limit/rate-limit-middleware.ts';
import { type ClientRateLimit, type RateLimitCheck, rateLimitCheck } from '../request-envelope/rate-limit.ts';
import { createRateLimiter, credentialFingerprint } from '../request-envelope/rate-limiter.ts';
import { redisKeyPrefixes } from './redis-keys.ts';

/** Headers that carry a credential on these routes; the first present is counted. */
const credentialHeaders = ['x-api-key', 'authorization', 'cookie', 'x-data-admin-secret'] as const;

/** `<scope>:ip:<address>`, and `<scope>:credential:<fingerprint>` when a credential is sent. */
export function clientAndCredentialKeys(scope: string, ip: string, headers: IncomingHttpHeaders): string[] {
  const keys = [`${scope}:ip:${ip}`];
  for (const name of credentialHeaders) {
    const value = headers[name];
    if (typeof value === 'string' && value !== '') {
      keys.push(`${scope}:credential:${credentialFingerprint(value)}`);
      break;
    }
  }
  return keys;
}

export function apiRateLimits(
  config: Config,
  store: { redis: Redis | undefined; logger: Logger },
  onRejected: (limit: string) => void,
): {
  guards: Partial<Record<OperationId, Middleware<HttpState>>>;
  /** Counts one /v1/graphql request (API_RATE_LIMIT, counts of its own); null when off. */
  dataLayer: ClientRateLimit | null;
  /** POST /graphql's limit, the same counts as its guard, for the fast lane outside Koa; null when off. */
  graphql: ClientRateLimit | null;
  /** The business API's per-minute budget of cost points; null when off. */
  graphqlCost: CostBudget | null;
} {
  const keyPrefix = redisKeyPrefixes(config).rateLimits;
  const api = createRateLimiter(
    { name: 'api', points: config.apiRateLimit, durationSeconds: 60 },
    { ...store, keyPrefix },
  );
  const upload = createRateLimiter(
    { name: 'upload', points: config.uploadRateLimit, durationSeconds: 60 },
    { ...store, keyPrefix },
  );
  const cost = createRateLimiter(
    { name: 'cost', points: config.graphqlCostRateLimit, durationSeconds: 60 },
    { ...store, keyPrefix },
  );
  // Both GraphQL APIs count API_RATE_LIMIT, each under keys of its own.
  const apiCheck = rateLimitCheck(api, onRejected);
  return {
    guards: {
      postGraphql: rateLimit<HttpState>(
        api,
        (ctx) => clientAndCredentialKeys('graphql', ctx.ip, ctx.headers),
        onRejected,
      ),
      receiveKycWebhook: rateLimit<HttpState>(api, (ctx) => `kyc-webhook:ip:${ctx.ip}`, onRejected),
      uploadDocuments: rateLimit<HttpState>(
        upload,
        (ctx) => clientAndCredentialKeys('upload', ctx.ip, ctx.headers),
        onRejected,
      ),
    },
    dataLayer: clientRateLimit('data', apiCheck),
    graphql: clientRateLimit('graphql', apiCheck),
    graphqlCost: costBudget(cost, onRejected),
  };
}

/** The check of `scope`'s requests by client address and credential; null when the limit is off (no key computed). */
function clientRateLimit(scope: string, check: RateLimitCheck | null): ClientRateLimit | null {
  return check && ((ip, headers) => check(clientAndCredentialKeys(scope, ip, headers)));
}
