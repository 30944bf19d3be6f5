// The pg pool as Kysely sees it, with every statement guarded (docs/database.md#database-faults):
// - a statement gets a client-side limit: the server's own statement timeout plus a second
//   (a silent, stalled server ends too), or what is left of the request's deadline if less
//   (statement-limits.ts);
// - once the request's deadline has passed, no statement but ROLLBACK is sent, so a request
//   answered 503 commits nothing afterwards;
// - a connection whose statement timed out on our side or broke is discarded (its socket
//   destroyed), so PostgreSQL rolls back whatever it had open and no later caller waits behind it;
// - a fault (database-faults.ts) becomes SERVICE_UNAVAILABLE, and every outcome is told to the
//   outage log (database-outage.ts);
// - a statement given a name runs as a named prepared statement, within the connection's bound
//   of names (prepared-statement-names.ts); a connection out of names is closed on release.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { AppError } from '../errors/app-error.ts';
import { databaseFaultError, requestDeadlineExceeded } from '../errors/unavailable-errors.ts';
import { currentDeadline, remainingMs, type RequestDeadline } from '../request-scope/request-deadline.ts';
import { type DatabaseFault, databaseFaultOf } from './database-faults.ts';
import type { ConnectionPressure } from './connection-pressure.ts';
import type { DatabaseOutage } from './database-outage.ts';
import { isRetiring, maxPreparedStatementsPerConnection, nameOnConnection } from './prepared-statement-names.ts';
import { type Settled, sent, submitStatement, submitTextRows } from './send-statement.ts';
import { destroySocket, type StatementLimit, type StatementLimits, statementLimits } from './statement-limits.ts';
import type { NamingClient } from './statement-runner.ts';
import type { TextRow } from './text-rows-query.ts';
import { inStatementSpan } from '../observability/tracing/statement-span.ts';
import { tracingOn } from '../observability/tracing/tracing.ts';

export interface GuardOptions {
  /** DB_STATEMENT_TIMEOUT_MS, also set on the server as `statement_timeout`; 0: none. */
  statementTimeoutMs: number;
  outage?: DatabaseOutage;
  /** Told of every checkout that failed or waited long (readiness, connection-pressure.ts). */
  pressure?: ConnectionPressure;
  /** Named prepared statements a connection holds at most. */
  maxPreparedStatements?: number;
}

/** The guarded pool: Kysely's pool, whose connections can also send a statement under a name. */
export interface GuardedPool extends PostgresPool {
  connect(): Promise<PostgresPoolClient & NamingClient>;
  /**
   * One statement's text rows on a connection checked out for it and released after it: the
   * data layer's reads (docs/data-layer.md#how-a-request-runs). One promise for the whole, where
   * `connect` and the connection's `textRows` take one each, and their callers one more
   * (docs/benchmarks-log.md#the-data-layers-promise-steps-2026-12-07).
   */
  textRows(sql: string, parameters: readonly unknown[], name?: string): Promise<TextRow[]>;
}

/** COMMIT or ROLLBACK at the start of a statement, read without copying the statement's text. */
const transactionEnd = /^\s*(commit|rollback)\b/i;

export function guardPool(pool: pg.Pool, options: GuardOptions): GuardedPool {
  const guarding: PoolGuarding = {
    pool,
    options,
    // One guard per pg client, made on its first checkout and kept as long as the client lives: as
    // pg-pool hands out the same client object again, Kysely finds its connection wrapper again,
    // and a checkout allocates nothing (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
    guards: new WeakMap(),
    limits: statementLimits(options.statementTimeoutMs),
  };
  return {
    options: pool.options,
    connect: () => sent((settled) => checkOut(guarding, settled)),
    textRows: (sql, parameters, name) => traced(sql, name, () => textRowsOnce(guarding, sql, parameters, name)),
    end: () => pool.end(),
  };
}

/** A pool and what guards its connections. */
interface PoolGuarding {
  readonly pool: pg.Pool;
  readonly options: GuardOptions;
  readonly guards: WeakMap<pg.PoolClient, GuardedClient>;
  /** The client-side limits of the pool's running statements. */
  readonly limits: StatementLimits;
}

/** A connection of the pool, guarded, or why none could be had (told to readiness and the outage log). */
function checkOut(guarding: PoolGuarding, settled: Settled<GuardedClient>): void {
  const { pool, options, guards } = guarding;
  const startedAt = performance.now();
  pool.connect((error, client) => {
    if (error || !client) {
      options.pressure?.refused(databaseFaultOf(error)?.cause ?? 'an unexpected error');
      return settled(faultOrError(error, startedAt, options.outage) as Error);
    }
    options.pressure?.waited(performance.now() - startedAt);
    let guard = guards.get(client);
    if (!guard) {
      guard = guardClient(client, options, guarding.limits);
      guards.set(client, guard);
    }
    guard.checkOut();
    settled(undefined, guard);
  });
}

/**
 * One statement's text rows on a connection checked out for it and released after it. The
 * request's deadline is read here, in the caller's scope: pg-pool may hand the connection over
 * from inside another request's release, whose scope its callback then runs in.
 */
function textRowsOnce(
  guarding: PoolGuarding,
  sql: string,
  parameters: readonly unknown[],
  name: string | undefined,
): Promise<TextRow[]> {
  const deadline = currentDeadline();
  return sent<TextRow[]>((settled) =>
    checkOut(guarding, (refused, client) => {
      if (!client) return settled(refused);
      client.submitTextRows(sql, parameters, name, deadline, (error, rows) => {
        client.release();
        settled(error, rows);
      });
    }),
  );
}

/** A pool connection with its statements guarded; `checkOut` starts each use of it. */
type GuardedClient = PostgresPoolClient &
  NamingClient & {
    checkOut(): void;
    /** The connection's `textRows` as a callback, under `deadline` (the pool's one-statement path). */
    submitTextRows(
      sql: string,
      parameters: readonly unknown[],
      name: string | undefined,
      deadline: RequestDeadline | undefined,
      settled: Settled<TextRow[]>,
    ): void;
  };

/** One pool connection's guard: its limits, and what it knows of the connection's state. */
interface ClientGuard {
  readonly client: pg.PoolClient;
  readonly outage: DatabaseOutage | undefined;
  readonly maxPrepared: number;
  /** The client-side limits of the pool's running statements. */
  readonly limits: StatementLimits;
  /** Why the connection can serve nobody else; it is discarded on release. */
  broken: Error | undefined;
  running: boolean;
  checkedOut: boolean;
}

function guardClient(client: pg.PoolClient, options: GuardOptions, limits: StatementLimits): GuardedClient {
  const guard: ClientGuard = {
    client,
    outage: options.outage,
    maxPrepared: options.maxPreparedStatements ?? maxPreparedStatementsPerConnection,
    limits,
    broken: undefined,
    running: false,
    checkedOut: false,
  };
  // pg-pool listens for errors of idle clients only: a connection lost while checked out between
  // statements (57P01, a reset) would otherwise be an unhandled 'error' event, and the process
  // would exit. During a statement, the statement's own failure reports it; while the client is
  // idle in the pool, pg-pool's own listener does. Attached once, for the client's life.
  client.on('error', (error: Error) => {
    if (guard.checkedOut && !guard.running)
      guard.broken ??= faultOrError(error, performance.now(), guard.outage) as Error;
  });
  const textRows = (
    sql: string,
    parameters: readonly unknown[],
    name: string | undefined,
    deadline: RequestDeadline | undefined,
    settled: Settled<TextRow[]>,
  ) =>
    sendGuarded(
      guard,
      sql,
      name,
      deadline,
      (prepared, sentRows) => submitTextRows(client, sql, parameters, prepared, sentRows),
      settled,
    );
  const query = (sql: string, parameters: readonly unknown[], name?: string) =>
    traced(sql, name, () =>
      guarded<pg.QueryResult>(guard, sql, name, (prepared, settled) =>
        submitStatement(client, sql, parameters, prepared, settled),
      ),
    );
  return {
    checkOut() {
      guard.checkedOut = true;
      guard.broken = undefined;
    },
    query: query as unknown as PostgresPoolClient['query'] & NamingClient['query'],
    // The pool's own textRows serves the statement runner; this one keeps NamingClient whole.
    textRows: (sql, parameters, name) =>
      traced(sql, name, () =>
        guarded<TextRow[]>(guard, sql, name, (prepared, settled) =>
          submitTextRows(client, sql, parameters, prepared, settled),
        ),
      ),
    submitTextRows: textRows,
    release: (destroy?: boolean) => release(guard, destroy),
  };
}

/** The statement in a span of its own while tracing is on (docs/tracing.md#spans). */
function traced<T>(sql: string, name: string | undefined, send: () => Promise<T>): Promise<T> {
  return tracingOn() ? inStatementSpan(sql, name, send) : send();
}

/** Runs `send` guarded (sendGuarded) under the request's deadline, as a promise. */
function guarded<T>(
  guard: ClientGuard,
  sql: string,
  name: string | undefined,
  send: (prepared: string | undefined, settled: Settled<T>) => void,
): Promise<T> {
  const deadline = currentDeadline();
  return sent<T>((settled) => sendGuarded(guard, sql, name, deadline, send, settled));
}

/**
 * Runs `send` guarded: the deadline, the client-side limit, faults, the outage log. `settled` is
 * called once, with what the statement failed with or its result; nothing is thrown.
 */
function sendGuarded<T>(
  guard: ClientGuard,
  sql: string,
  name: string | undefined,
  deadline: RequestDeadline | undefined,
  send: (prepared: string | undefined, settled: Settled<T>) => void,
  settled: Settled<T>,
): void {
  if (guard.broken) return settled(guard.broken);
  const command = transactionEnd.exec(sql)?.[1]?.toLowerCase();
  const rollback = command === 'rollback';
  if (deadline && !rollback && (deadline.expired || remainingMs(deadline) <= 0))
    return settled(requestDeadlineExceeded(deadline));
  const commit = command === 'commit';
  const startedAt = performance.now();
  if (commit && deadline) deadline.commitsInFlight += 1;
  guard.running = true;
  const limit = guard.limits.start(guard.client, deadline);
  // Once, whatever `send` does: a second call would count the COMMIT out twice.
  let finished = false;
  const finish: Settled<T> = (error, result) => {
    if (finished) return;
    finished = true;
    const failure = error && (statementFailure(guard, error, { limit, deadline, startedAt, commit }) as Error);
    guard.limits.stop(limit);
    guard.running = false;
    if (commit && deadline) deadline.commitsInFlight -= 1;
    if (failure) return settled(failure);
    guard.outage?.succeeded(startedAt);
    settled(undefined, result);
  };
  try {
    send(name === undefined ? undefined : nameOnConnection(guard.client, name, guard.maxPrepared), finish);
  } catch (error) {
    finish(error as Error);
  }
}

/** How a failed statement was sent: its limit, the request's deadline, when, and whether it was a COMMIT. */
interface SentStatement {
  limit: StatementLimit | undefined;
  deadline: RequestDeadline | undefined;
  startedAt: number;
  commit: boolean;
}

/** What a failed statement throws; marks the connection broken when it can serve nobody else. */
function statementFailure(guard: ClientGuard, error: unknown, sent: SentStatement): unknown {
  const { limit, deadline } = sent;
  // At its limit the statement's connection was given up (statement-limits.ts); it can serve nobody else.
  if (limit?.expired && limit.byDeadline && deadline) return (guard.broken = requestDeadlineExceeded(deadline));
  const fault: DatabaseFault | null = limit?.expired
    ? { kind: 'no-answer', cause: `no answer within ${limit.ms} ms` }
    : databaseFaultOf(error);
  if (!fault) return error;
  const failure = reportFault(fault, error, sent.startedAt, sent.commit, guard.outage);
  // A statement the server cancelled leaves its connection usable; any other fault does not.
  if (fault.kind !== 'statement-timeout') guard.broken = failure;
  return failure;
}

function release(guard: ClientGuard, destroy: boolean | undefined): void {
  const { client } = guard;
  guard.checkedOut = false;
  if (!guard.broken) return client.release(destroy || isRetiring(client));
  client.release(guard.broken);
  destroySocket(client);
}

/** A fault becomes SERVICE_UNAVAILABLE (and is told to the outage log); anything else stays as thrown. */
function faultOrError(error: unknown, startedAt: number, outage: DatabaseOutage | undefined): unknown {
  const fault = databaseFaultOf(error);
  return fault ? reportFault(fault, error, startedAt, false, outage) : error;
}

function reportFault(
  fault: DatabaseFault,
  error: unknown,
  startedAt: number,
  duringCommit: boolean,
  outage: DatabaseOutage | undefined,
): AppError {
  outage?.failed(startedAt, fault);
  return databaseFaultError(fault.kind, { duringCommit, cause: error });
}
