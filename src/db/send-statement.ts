// One statement sent on a pg client as a ready query object, which pg's Client.query runs as
// given (a "submittable"). Given a plain config object instead, pg copies it property by property
// on every call (utils.cloneQueryConfig), about 2.5 µs a statement on the data layer's hot path
// (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24). Each comes as a callback (what
// the guarded pool's one-statement path runs on, without a promise per step) and as a promise.
import pg from 'pg';
import { type TextRow, TextRowsQuery } from './text-rows-query.ts';

/** Called once with a statement's outcome: an error, or none and the result. */
export type Settled<T> = (error: Error | undefined, result?: T) => void;

/**
 * Sends `text` with `values` on `client`: named, it is prepared under `name` on that connection
 * (prepared-statement-names.ts). No client-side timeout: the guarded pool limits its statements
 * itself (statement-limits.ts).
 */
export function submitStatement(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  name: string | undefined,
  settled: Settled<pg.QueryResult>,
): void {
  const query = new pg.Query(text, values as unknown[], (error: Error | undefined, result: pg.QueryResult) =>
    error ? settled(error) : settled(undefined, result),
  );
  // Made from text, the query takes its name as a field: pg prepares a query by its `name`.
  Object.assign(query, { name });
  client.query(query);
}

/** As submitStatement, for a statement whose columns the caller knows by position: its rows as text, without Describe (text-rows-query.ts). */
export function submitTextRows(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  name: string | undefined,
  settled: Settled<TextRow[]>,
): void {
  const query = new TextRowsQuery(text, values, name, (error, rows) =>
    error ? settled(error) : settled(undefined, rows ?? []),
  );
  client.query(query as unknown as pg.Submittable);
}

/** A statement sent by `submit`, as a promise. */
export function sent<T>(submit: (settled: Settled<T>) => void): Promise<T> {
  return new Promise((resolve, reject) => submit((error, result) => (error ? reject(error) : resolve(result as T))));
}

/** submitStatement as a promise (a plain pool's connection: statement-runner.ts namingClient). */
export function sendStatement(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  name: string | undefined,
): Promise<pg.QueryResult> {
  return sent((settled) => submitStatement(client, text, values, name, settled));
}

/** submitTextRows as a promise. */
export function sendTextRowsStatement(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  name: string | undefined,
): Promise<TextRow[]> {
  return sent((settled) => submitTextRows(client, text, values, name, settled));
}
