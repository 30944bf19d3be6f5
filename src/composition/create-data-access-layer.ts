// The data-access layer on DATA_PORT (docs/data-layer.md): its request listener over the
// database's query executor, trusting the admin secret and the platform's bearer tokens.
import type { RequestListener, Server } from 'node:http';
import type { Logger } from 'pino';
import { createDataQueryExecutor } from '../records/data-layer-sql/data-query-executor.ts';
import { createDataLayer, createDataLayerSockets } from '../data-layer/create-data-layer.ts';
import type { DataSocketCaps } from '../data-layer/live/socket-callers.ts';
import type { DatabaseNotifications } from '../db/database-notifications.ts';
import { dataChangedChannel } from '../records/data-layer-sql/data-changed.ts';
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
  /** DATA_PORT's server, which the subscriptions' sockets upgrade on. */
  server: Server;
  socketCaps: DataSocketCaps;
  liveQueryIntervalMs: number;
  /** Tells live queries of the tables written anywhere (migration 0022's data_changed). */
  notifications: Pick<DatabaseNotifications, 'listen'>;
}) {
  const shared = {
    queries: createDataQueryExecutor(deps.database),
    adminSecret: deps.adminSecret,
    tokens: deps.identity.tokens,
    sessions: deps.identity.sessions,
    dataPublicUrl: deps.dataUrl,
    logger: deps.logger.child({ component: 'data-layer' }),
    rateLimit: deps.rateLimit,
    failedCredentials: deps.failedCredentials,
  };
  const listener = createDataLayer({ ...shared, requestTimeoutMs: deps.requestTimeoutMs });
  const sockets = createDataLayerSockets({
    ...shared,
    server: deps.server,
    caps: deps.socketCaps,
    metrics: deps.metrics,
    intervalMs: deps.liveQueryIntervalMs,
    onTablesChanged: (changed) =>
      // A lost and restored listener calls without a payload: anything may have changed.
      void deps.notifications.listen(dataChangedChannel, (table) => changed(table === undefined ? 'every' : [table])),
    onRefreshed: (statements) => deps.metrics.liveQueries.refreshed(statements),
  });
  return {
    listener: recordDataRequests(deps.wrap ? deps.wrap(listener) : listener, deps.logger, deps.metrics),
    drainers: [(deadline: AbortSignal) => sockets.drain(deadline)],
  };
}
