// The health area: liveness, readiness (the database answers, every migration is applied, the
// node is not shutting down, the PDF engine as information), service info and metrics, all
// answered without credentials.
import type { Db } from '../db/create-database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { pingDatabase } from '../db/ping-database.ts';
import { type CheckResult, checkReadiness } from '../domain/health/readiness-service.ts';
import { healthHandlers } from '../http/handlers/health-handlers.ts';
import type { Metrics } from '../observability/metrics.ts';
import { serviceInfo } from './service-info.ts';
import { servedCodegenInputs } from './stale-generated-code.ts';

export function createHealth(deps: {
  db: Db;
  metrics: Metrics;
  startedAt: number;
  /** Why the node is short of database connections, or null (src/db/connection-pressure.ts). */
  connectionShortage?: () => string | null;
  pdfReadiness: () => CheckResult;
  stopping: () => boolean;
  /** Told of every 200 readiness answer. */
  onReady?: () => void;
}) {
  const { db } = deps;
  return {
    handlers: healthHandlers({
      service: { ...serviceInfo, startedAt: deps.startedAt, codegenInputs: servedCodegenInputs },
      ...(deps.onReady && { onReady: deps.onReady }),
      metricsText: async () => ({ body: await deps.metrics.text() }),
      readiness: () =>
        checkReadiness({
          pingDatabase: () => pingDatabase(db),
          ...(deps.connectionShortage && { connectionShortage: deps.connectionShortage }),
          pendingMigrations: () => pendingMigrations(db),
          pdfEngine: deps.pdfReadiness,
          stopping: deps.stopping,
        }),
    }),
  };
}
