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
import type { DataLayerRateLimit } from '../data-layer/data-layer-rate-limit.ts';
import { type CostBudget, costBudget } from '../graphql/operation-cost/cost-budget.ts';
import type { HttpState } from '../http/koa-state.ts';
import { rateLimit, rateLimitCheck } from '../http/rate-limit/rate-limit-middleware.ts';
import { type RateLimiter, createRateLimiter, credentialFingerprint } from '../http/rate-limit/rate-limiter.ts';

/** Counts one POST /graphql from `ip` sending `headers`; throws 429 RATE_LIMITED once spent. */
export type GraphqlRateLimit = (ip: string, headers: IncomingHttpHeaders) => Promise<void>;

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
  /** Counts one /v1/graphql request (API_RATE_LIMIT, counts of its own). */
  dataLayer: DataLayerRateLimit;
  /** POST /graphql's limit, the same counts as its guard, for the fast lane outside Koa; null when off. */
  graphql: GraphqlRateLimit | null;
  /** The business API's per-minute budget of cost points; null when off. */
  graphqlCost: CostBudget | null;
} {
  const keyPrefix = 'wealth-platform:rate-limit';
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
  const graphqlCheck = rateLimitCheck(api, onRejected);
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
    dataLayer: dataLayerLimit(api, onRejected),
    graphql: graphqlCheck && ((ip, headers) => graphqlCheck(clientAndCredentialKeys('graphql', ip, headers))),
    graphqlCost: costBudget(cost, onRejected),
  };
}

function dataLayerLimit(limiter: RateLimiter, onRejected: (limit: string) => void): DataLayerRateLimit {
  const { points, durationSeconds } = limiter.rule;
  // As rateLimit(): a limit of 0 is off, no key to compute (a credential's fingerprint is a hash).
  if (points === 0) return { rule: { points, durationSeconds }, consume: async () => ({ allowed: true }) };
  return {
    rule: { points, durationSeconds },
    async consume(request) {
      const keys = clientAndCredentialKeys('data', request.socket.remoteAddress ?? '', request.headers);
      const decisions = await Promise.all(keys.map((key) => limiter.consume(key)));
      const refused = decisions.find((decision) => !decision.allowed);
      if (refused) onRejected(limiter.rule.name);
      return refused ?? { allowed: true };
    },
  };
}
