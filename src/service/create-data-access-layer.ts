// The data-access layer on DATA_PORT (docs/data-layer.md): its request listener over the
// database's query executor, trusting the admin secret and the platform's bearer tokens.
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { createDataQueryExecutor } from '../access/data-layer-sql/data-query-executor.ts';
import { createDataLayer } from '../data-layer/create-data-layer.ts';
import { recordDataRequests } from '../data-layer/observe-data-requests.ts';
import type { DatabaseAccess } from '../db/create-database.ts';
import type { IdentityServices } from '../domain/identity/identity-services.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { FailedCredentialLimit } from '../request-envelope/failed-credential-limit.ts';
import type { ClientRateLimit } from '../request-envelope/rate-limit.ts';

export function createDataAccessLayer(deps: {
  /** Kysely compiles the statements (and runs mutations); the runner sends the named ones. */
  database: Pick<DatabaseAccess, 'db' | 'statements'>;
  adminSecret: string;
  identity: IdentityServices;
  dataUrl: string;
  logger: Logger;
  rateLimit: ClientRateLimit | null;
  failedCredentials: FailedCredentialLimit;
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
  return recordDataRequests(deps.wrap ? deps.wrap(listener) : listener, deps.logger, deps.metrics);
}
