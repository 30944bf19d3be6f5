// Wires the data layer for the composition root: authentication (admin secret, platform
// bearer tokens), the request executor over src/records's query executor, and the HTTP app; and
// the subscriptions' sockets on the same server (src/data-layer/live/).
// It serves generated/permissions unless given `rules` (another compiled version of
// permissions.yaml, as the access review's replay tests do: docs/access-review.md).
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import type { DataLayerRules } from '../records/data-layer-sql/data-layer-rules.ts';
import type { DataQueryExecutor } from '../records/data-layer-sql/data-query-executor.ts';
import type { PlatformTokens } from '../domain/identity/platform-tokens.ts';
import type { SessionService } from '../domain/identity/session-service.ts';
import { createDataAuthenticator } from './auth/authenticate-data-request.ts';
import { createBearerVerifier } from './auth/bearer-verifier.ts';
import { createDataLayerApp } from './data-layer-app.ts';
import type { FailedCredentialLimit } from '../request-envelope/failed-credential-limit.ts';
import type { ClientRateLimit } from '../request-envelope/rate-limit.ts';
import { createSocketOperationLog } from '../request-envelope/socket-operation-log.ts';
import type { Metrics } from '../observability/metrics.ts';
import { createDataRequestExecutor } from './request/execute-data-request.ts';
import type { Server } from 'node:http';
import { startDataLayerSockets, type DataLayerSockets } from './live/data-layer-sockets.ts';
import type { DataSocketCaps } from './live/socket-callers.ts';
import { createDataRequestPreparer } from './request/prepare-data-request.ts';

export interface DataLayerDependencies {
  readonly queries: DataQueryExecutor;
  readonly adminSecret: string;
  readonly tokens: PlatformTokens;
  readonly sessions: Pick<SessionService, 'findById'>;
  readonly dataPublicUrl: string;
  readonly logger: Logger;
  readonly rateLimit?: ClientRateLimit | null;
  readonly failedCredentials?: FailedCredentialLimit;
  readonly requestTimeoutMs?: number;
  /** The compiled permissions served; `queries` must compile by the same rules. Default generated/permissions'. */
  readonly rules?: DataLayerRules;
}

function authenticator(deps: DataLayerDependencies) {
  return createDataAuthenticator({
    adminSecret: deps.adminSecret,
    verifyBearer: createBearerVerifier({
      tokens: deps.tokens,
      sessions: deps.sessions,
      dataPublicUrl: deps.dataPublicUrl,
    }),
    rules: deps.rules,
  });
}

export function createDataLayer(deps: DataLayerDependencies): RequestListener {
  return createDataLayerApp({
    authenticate: authenticator(deps),
    execute: createDataRequestExecutor({ queries: deps.queries, rules: deps.rules }),
    logger: deps.logger,
    rateLimit: deps.rateLimit,
    failedCredentials: deps.failedCredentials,
    requestTimeoutMs: deps.requestTimeoutMs,
  });
}

/** The subscriptions' graphql-ws sockets on the data layer's server (docs/data-layer.md#subscriptions). */
export function createDataLayerSockets(
  deps: DataLayerDependencies & {
    readonly server: Server;
    readonly caps: DataSocketCaps;
    readonly intervalMs: number;
    readonly onTablesChanged?: (listener: (tables: readonly string[] | 'every') => void) => void;
    readonly onRefreshed?: (statements: number) => void;
    readonly metrics: Metrics;
  },
): DataLayerSockets {
  return startDataLayerSockets({
    server: deps.server,
    authenticate: authenticator(deps),
    prepare: createDataRequestPreparer({ queries: deps.queries, rules: deps.rules }),
    queries: deps.queries,
    logger: deps.logger,
    caps: deps.caps,
    operations: createSocketOperationLog('data', '/v1/graphql', deps.logger, deps.metrics),
    intervalMs: deps.intervalMs,
    rateLimit: deps.rateLimit,
    failedCredentials: deps.failedCredentials,
    onTablesChanged: deps.onTablesChanged,
    onRefreshed: deps.onRefreshed,
  });
}
