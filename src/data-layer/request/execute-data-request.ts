// One data-layer request from a known caller, flowing one way (docs/data-layer.md#how-a-request-runs):
// prepared (prepare-data-request.ts: parsed, validated, planned, compiled, the session values its
// rules read parsed), then src/records runs the statements with the session values and the
// request's variables bound. Their JSON is spliced into the response untouched.
import type { DataQueryExecutor } from '../../records/data-layer-sql/data-query-executor.ts';
import type { DataCaller } from '../auth/data-caller.ts';
import type { DataRequest } from '../data-request.ts';
import { introspect } from './introspection-document.ts';
import type { RequestLimits } from './plan-context.ts';
import { responseJson } from './prepared-operation.ts';
import { createDataRequestPreparer, type DataRequestPreparer, type PreparedRequest } from './prepare-data-request.ts';
import type { DataLayerRules } from '../../records/data-layer-sql/data-layer-rules.ts';

export type DataRequestExecutor = (caller: DataCaller, request: DataRequest) => Promise<string>;

export function createDataRequestExecutor(options: {
  queries: DataQueryExecutor;
  limits?: RequestLimits;
  cacheSize?: number;
  /** The compiled permissions served (the role schemas, session variables); the queries must compile by the same. Default generated/permissions'. */
  rules?: DataLayerRules;
  /** Shared with the socket's subscriptions, so both doors use one cache; default a preparer of its own. */
  prepare?: DataRequestPreparer;
}): DataRequestExecutor {
  const prepare = options.prepare ?? createDataRequestPreparer(options);
  // Not an async function: a query without introspection is answered through the statements' own
  // promise, without one more step of its own (docs/benchmarks-log.md#the-data-layers-promise-steps-2026-12-07).
  return (caller, request) => {
    let prepared: PreparedRequest;
    try {
      prepared = prepare(caller, request, 'http');
    } catch (error) {
      return Promise.reject(error);
    }
    const { schema, ready, session, variables } = prepared;
    const run = (introspected: Readonly<Record<string, unknown>>) =>
      options.queries
        .runOperation(ready.sql, { session, variables })
        .then((json) => responseJson(ready, json, introspected));
    return ready.introspection ? introspect(schema, ready.introspection, request).then(run) : run({});
  };
}
