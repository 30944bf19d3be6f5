// The composition root (docs/service.md#composition): the database, then the two
// servers, then each area (compose-service.ts), whose modules load while PostgreSQL starts
// (docs/service.md#start-up). Returns a handle whose close() is the graceful shutdown: drain
// the servers, then close the engines, last started first (docs/service.md#shutdown).
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/create-database.ts';
import { resolveDatabase } from './resolve-database.ts';
import { resolveSecrets } from './resolve-secrets.ts';
import { createShutdownSteps } from './shutdown-steps.ts';
import { heapBudgetProblem } from './heap-budget.ts';
import { staleGeneratedCodeProblem } from './stale-generated-code.ts';
import { serviceInfo } from './service-info.ts';

export interface RunningService {
  readonly url: string;
  readonly dataUrl: string;
  readonly db: Db;
  close(): Promise<void>;
}

export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  const startedAt = Date.now();
  const heapProblem = heapBudgetProblem(config.redisUrl ? 0 : config.resultCacheMb * 1024 * 1024);
  if (heapProblem) throw new Error(heapProblem);
  const staleProblem = staleGeneratedCodeProblem();
  if (staleProblem) throw new Error(staleProblem);
  const secrets = resolveSecrets(config, logger);
  const shutdown = createShutdownSteps({ drainTimeoutMs: config.shutdownTimeoutMs });
  // Registered first, so it closes last: the spans of the shutdown itself are flushed too.
  if (config.otel.endpoint) {
    const { startTracing } = await import('../observability/tracing/start-tracing.ts');
    const tracing = startTracing({
      endpoint: config.otel.endpoint,
      serviceName: config.otel.serviceName ?? serviceInfo.name,
      serviceVersion: serviceInfo.version,
    });
    shutdown.add(tracing.close);
  }
  try {
    // PostgreSQL starts first; the rest of the service's modules load while it does. A failed
    // import surfaces at its await, after the database's stop is registered.
    const resolving = resolveDatabase(config, secrets.embeddedPostgresPassword, logger);
    const composing = import('./compose-service.ts');
    composing.catch(() => undefined);
    const database = await resolving;
    shutdown.add(database.stop);
    const { composeService } = await composing;
    const { url, dataUrl, db } = await composeService({ config, logger, startedAt, secrets, shutdown, database });
    return { url, dataUrl, db, close: () => shutdown.close() };
  } catch (error) {
    await shutdown.close();
    throw error;
  }
}
