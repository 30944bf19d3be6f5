// `<t>_stream` → ONE statement returning the next batch after a subscriber's cursor
// (docs/data-layer.md#subscriptions): the rows the role may read that match the client's `where`
// and lie strictly past the cursor (`>` ascending, `<` descending), in cursor order, at most
// `batch_size` of them; beside the JSON, the cursor value of the batch's last row as JSON text,
// in the column's JSON form (int8 and numeric as strings), which the subscription passes back as
// the next cursor. The cursor is the binding variable
// `streamCursorVariable`, so every subscriber of a stream shares the statement.
import { sql } from 'kysely';
import { jsonOutput } from './column-sql.ts';
import { compileRowSet } from './compile-row-set.ts';
import type { CompileScope } from './compile-scope.ts';
import { compileSelection, jsonAggregate } from './compile-selection.ts';
import { streamCursorVariable, type RootFieldPlan, type WherePlan } from './query-plan.ts';
import type { RootStatement } from './compile-root-field.ts';

type StreamPlan = Extract<RootFieldPlan, { kind: 'select_stream' }>;

function pastCursor(plan: StreamPlan): WherePlan {
  const { column, ordering } = plan.cursor;
  const past: WherePlan = {
    kind: 'compare',
    column,
    operator: ordering === 'asc' ? '_gt' : '_lt',
    value: { kind: 'variable', name: streamCursorVariable },
  };
  return plan.where ? { kind: 'and', operands: [plan.where, past] } : past;
}

export function compileStream(plan: StreamPlan, scope: CompileScope): RootStatement {
  const alias = scope.nextAlias();
  const { column, ordering } = plan.cursor;
  const dataType = scope.rules.requireColumn(scope.role, plan.table, column);
  const rows = compileRowSet({
    table: plan.table,
    alias,
    arguments: {
      where: pastCursor(plan),
      orderBy: [{ path: [], key: { kind: 'column', column }, direction: ordering, nulls: null }],
      limit: plan.batchSize,
      offset: null,
      distinctOn: [],
    },
    join: [],
    defaultLimit: null,
    scope,
  });
  const value = jsonAggregate(compileSelection(plan.fields, plan.table, alias, scope), rows.order);
  const last = sql`${sql.raw(ordering === 'asc' ? 'max' : 'min')}(${scope.rowColumn(alias, column)})`;
  return {
    query: sql`SELECT ${value}::text AS "value", count(*) AS "row_count", to_json(${jsonOutput(last, dataType)})::text AS "cursor" FROM ${rows.from()}`,
    maxRows: null,
    mutation: false,
    check: null,
  };
}
