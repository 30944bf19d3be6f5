// The data-access layer on DATA_PORT (docs/data-layer.md): its request listener over the
// database's query executor, trusting the admin secret and the platform's bearer tokens.
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { createDataQueryExecutor } from '../access/data-layer-sql/data-query-executor.ts';
import { createDataLayer } from '../data-layer/create-data-layer.ts';
import type { DataLayerCredentialLimit } from '../data-layer/data-layer-credential-limit.ts';
import type { DataLayerRateLimit } from '../data-layer/data-layer-rate-limit.ts';
import { logDataRequest } from '../data-layer/log-data-request.ts';
import { observeDataRequests } from '../data-layer/observe-data-requests.ts';
import type { DatabaseAccess } from '../db/create-database.ts';
import type { IdentityServices } from '../domain/identity/identity-services.ts';
import type { Metrics } from '../observability/metrics.ts';

export function createDataAccessLayer(deps: {
  /** Kysely compiles the statements (and runs mutations); the runner sends the named ones. */
  database: Pick<DatabaseAccess, 'db' | 'statements'>;
  adminSecret: string;
  identity: IdentityServices;
  dataUrl: string;
  logger: Logger;
  rateLimit: DataLayerRateLimit;
  failedCredentials: DataLayerCredentialLimit;
  requestTimeoutMs: number;
  metrics: Metrics;
  /** Serves requests of its own ahead of the data layer (the API explorer), observed like the rest. */
  wrap?: (listener: RequestListener) => RequestListener;
}): RequestListener {
  const listener = createDataLayer({
    queries: createDataQueryExecutor(deps.database),
    adminSecret: deps.adminSecret,
    tokens: deps.identity.tokens,
    sessions: deps.identity.sessions,
    dataPublicUrl: deps.dataUrl,
    logger: deps.logger.child({ component: 'data-layer' }),
    rateLimit: deps.rateLimit,
    failedCredentials: deps.failedCredentials,
    requestTimeoutMs: deps.requestTimeoutMs,
  });
  return observeDataRequests(deps.wrap ? deps.wrap(listener) : listener, (request, observed) => {
    // Fields named, not spread: this runs once per request (docs/benchmarks-log.md#no-describe-and-one-metric-lookup-2026-12-01-late).
    const { method, route, status, seconds } = observed;
    deps.metrics.observeRequest({ server: 'data', method, route, status }, seconds);
    logDataRequest(deps.logger, request, observed);
  });
}
