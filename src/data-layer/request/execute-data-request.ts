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
import { createDataRequestPreparer, type DataRequestPreparer } from './prepare-data-request.ts';
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
  return async (caller, request) => {
    const { schema, ready, session, variables } = prepare(caller, request, 'http');
    const introspected = ready.introspection ? await introspect(schema, ready.introspection, request) : {};
    const json = await options.queries.runOperation(ready.sql, { session, variables });
    return responseJson(ready, json, introspected);
  };
}
