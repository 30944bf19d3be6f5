// A prepared subscription made ready to go live (docs/data-layer.md#subscriptions): its one
// statement, the subscriber's binding (session values, variables and, for a stream, the cursor's
// initial value as the client gave it) and its first outcome, run at once as a multiplexed
// statement of one binding. A first outcome that fails refuses the subscription with the error a
// POST would answer, so the cohort's refreshes only ever carry values that ran once.
import type { DataQueryExecutor, RunBinding } from '../../records/data-layer-sql/data-query-executor.ts';
import { streamCursorVariable, type PlanValue } from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';
import type { PreparedRequest } from '../request/prepare-data-request.ts';
import type { LiveStart } from './live-subscription.ts';

function resolved(value: PlanValue, variables: Readonly<Record<string, unknown>>): unknown {
  switch (value.kind) {
    case 'literal':
      return value.value;
    case 'variable':
      return variables[value.name] ?? null;
    case 'list':
      return value.items.map((item) => resolved(item, variables));
  }
}

export async function prepareLiveStart(
  prepared: PreparedRequest,
  queries: Pick<DataQueryExecutor, 'runMultiplexed'>,
): Promise<LiveStart> {
  const [statement, ...others] = prepared.ready.sql.statements;
  // graphql-js' validation allows one root field, not an introspection field, per subscription;
  // only update_<t>_many, a mutation, compiles to a list of statements.
  if (!statement || 'kind' in statement || others.length > 0)
    throw new Error('a subscription compiled to other than one statement');
  const variables = statement.stream
    ? { ...prepared.variables, [streamCursorVariable]: resolved(statement.stream.initial, prepared.variables) }
    : prepared.variables;
  if (statement.stream && variables[streamCursorVariable] === null)
    throw new DataLayerError('VALIDATION_FAILED', "the cursor's initial_value must not be null", '$');
  const binding: RunBinding = { session: prepared.session, variables };
  const [first] = await queries.runMultiplexed(statement, [binding]);
  if (!first) throw new Error('a multiplexed statement answered no outcome');
  if ('error' in first) throw first.error;
  return { statement, binding, first };
}
