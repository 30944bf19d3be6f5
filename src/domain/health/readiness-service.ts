// Readiness of this node (docs/configuration.md#operations): the database answers and gives this
// node connections (docs/database.md#connection-budget), every
// migration is applied, and the node is not shutting down (docs/service.md#shutdown). The
// PDF engine is reported but never fails readiness: a missing browser only affects PDFs.
export type CheckStatus = 'ok' | 'pending' | 'unavailable' | 'error';

export interface CheckResult {
  status: CheckStatus;
  latencyMs?: number;
  message?: string;
}

export interface Readiness {
  status: 'ok' | 'unavailable';
  /** `shutdown` is present only while the node shuts down. */
  checks: { database: CheckResult; migrations: CheckResult; pdf: CheckResult; shutdown?: CheckResult };
}

export interface ReadinessProbes {
  /** Resolves when the database answers; rejects otherwise. */
  pingDatabase(): Promise<void>;
  /** Why the node cannot get enough database connections now, or null: fails the database check. */
  connectionShortage?(): string | null;
  pendingMigrations(): Promise<string[]>;
  pdfEngine(): CheckResult;
  /** True once the shutdown has begun: load balancers must stop sending. */
  stopping?(): boolean;
}

const timeoutMs = 2_000;

export async function checkReadiness(probes: ReadinessProbes): Promise<Readiness> {
  const database = withShortage(await timed(() => probes.pingDatabase()), probes.connectionShortage?.() ?? null);
  let migrations: CheckResult;
  if (database.status !== 'ok') {
    migrations = { status: 'unavailable', message: 'database unreachable' };
  } else {
    const started = performance.now();
    try {
      const pending = await withTimeout(probes.pendingMigrations());
      migrations =
        pending.length === 0
          ? { status: 'ok', latencyMs: elapsed(started) }
          : { status: 'pending', latencyMs: elapsed(started), message: `pending migrations: ${pending.join(', ')}` };
    } catch (error) {
      migrations = { status: 'error', latencyMs: elapsed(started), message: describe(error) };
    }
  }
  const checks = { database, migrations, pdf: probes.pdfEngine() };
  if (probes.stopping?.()) {
    return {
      status: 'unavailable',
      checks: { ...checks, shutdown: { status: 'unavailable', message: 'shutting down' } },
    };
  }
  const ready = database.status === 'ok' && migrations.status === 'ok';
  return { status: ready ? 'ok' : 'unavailable', checks };
}

/** A database that answers the ping but will not give this node connections is not ready either. */
function withShortage(database: CheckResult, shortage: string | null): CheckResult {
  if (shortage === null || database.status !== 'ok') return database;
  return { ...database, status: 'unavailable', message: shortage };
}

async function timed(check: () => Promise<void>): Promise<CheckResult> {
  const started = performance.now();
  try {
    await withTimeout(check());
    return { status: 'ok', latencyMs: elapsed(started) };
  } catch (error) {
    return { status: 'unavailable', latencyMs: elapsed(started), message: describe(error) };
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

function describe(error: unknown): string {
  // Driver messages can include host names but never credentials; keep them short.
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
