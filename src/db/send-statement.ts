// One statement sent on a pg client as a ready query object, which pg's Client.query runs as
// given (a "submittable"). Given a plain config object instead, pg copies it property by property
// on every call (utils.cloneQueryConfig), about 2.5 µs a statement on the data layer's hot path
// (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
import pg from 'pg';
import { type TextRow, TextRowsQuery } from './text-rows-query.ts';

/**
 * Sends `text` with `values` on `client`: named, it is prepared under `name` on that connection
 * (prepared-statement-names.ts). No client-side timeout: the guarded pool limits its statements
 * itself (statement-limits.ts).
 */
export function sendStatement(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  name: string | undefined,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new pg.Query(text, values as unknown[], (error: Error | undefined, result: pg.QueryResult) =>
      error ? reject(error) : resolve(result),
    );
    // Made from text, the query takes its name as a field: pg prepares a query by its `name`.
    Object.assign(query, { name });
    client.query(query);
  });
}

/** As sendStatement, for a statement whose columns the caller knows by position: its rows as text, without Describe (text-rows-query.ts). */
export function sendTextRowsStatement(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
  name: string | undefined,
): Promise<TextRow[]> {
  return new Promise((resolve, reject) => {
    const query = new TextRowsQuery(text, values, name, (error, rows) => (error ? reject(error) : resolve(rows ?? [])));
    client.query(query as unknown as pg.Submittable);
  });
}
