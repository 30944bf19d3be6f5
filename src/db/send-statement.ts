// One statement sent on a pg client as a ready query object, which pg's Client.query runs as
// given (a "submittable"). Given a plain config object instead, pg copies it property by property
// on every call (utils.cloneQueryConfig), about 2.5 µs a statement on the data layer's hot path
// (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
import pg from 'pg';
import { type TextRow, TextRowsQuery } from './text-rows-query.ts';

/**
 * Sends `text` with `values` on `client`: named, it is prepared under `name` on that connection
 * (prepared-statement-names.ts); with `timeoutMs`, pg fails it with "Query read timeout" when no
 * answer came by then, as its `query_timeout` does.
 */
export function sendStatement(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  timeoutMs: number | undefined,
  name: string | undefined,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new pg.Query(text, values as unknown[], (error: Error | undefined, result: pg.QueryResult) =>
      error ? reject(error) : resolve(result),
    );
    // Made from text, the query takes these as fields: pg prepares a query by its `name`, and
    // Client.query reads `query_timeout` from what it is given.
    Object.assign(query, { name, query_timeout: timeoutMs });
    client.query(query);
  });
}

/** As sendStatement, for a statement whose columns the caller knows by position: its rows as text, without Describe (text-rows-query.ts). */
export function sendTextRowsStatement(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  timeoutMs: number | undefined,
  name: string | undefined,
): Promise<TextRow[]> {
  return new Promise((resolve, reject) => {
    const query = new TextRowsQuery(text, values, name, timeoutMs, (error, rows) =>
      error ? reject(error) : resolve(rows ?? []),
    );
    client.query(query as unknown as pg.Submittable);
  });
}
