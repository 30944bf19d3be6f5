// A selection set → one JSON object built by PostgreSQL for the row under `alias`: columns
// (int8/numeric as text), `__typename`, and relationships as correlated subqueries that apply the
// role's row filter on the related table (relations are filtered too:
// docs/data-layer.md#the-schema-of-a-role); `<rel>_aggregate` in compile-aggregate.ts.
import { sql, type RawBuilder } from 'kysely';
import { joinConditions } from '../../access/condition-to-sql.ts';
import { bindPlanValue } from './bind-plan-value.ts';
import { jsonOutput } from './column-sql.ts';
import { compileRelationshipAggregate } from './compile-aggregate.ts';
import { jsonbPathParameter } from './jsonb-path.ts';
import { compileRowSet, objectColumn } from './compile-row-set.ts';
import { checkedName, type CompileScope } from './compile-scope.ts';
import type { RelationshipModel } from '../../access/permission-model.ts';
import type { SelectionField } from './query-plan.ts';
import { relationshipJoin, relationshipOf } from './relationship-join.ts';

export type JsonPair = readonly [key: string, value: RawBuilder<unknown>];

/** json_build_object takes at most 100 arguments; wider objects go through row_to_json. */
const maxPairsPerCall = 50;

export function jsonObject(pairs: readonly JsonPair[]): RawBuilder<unknown> {
  if (pairs.length <= maxPairsPerCall) {
    return sql`json_build_object(${sql.join(pairs.map(([key, value]) => sql`${sql.lit(checkedName(key))}, ${value}`))})`;
  }
  const columns = sql.join(pairs.map(([key, value]) => sql`${value} AS ${sql.id(checkedName(key))}`));
  return sql`(SELECT row_to_json(o) FROM (SELECT ${columns}) AS o)`;
}

export function compileSelection(
  fields: readonly SelectionField[],
  table: string,
  alias: string,
  scope: CompileScope,
): RawBuilder<unknown> {
  return jsonObject(fields.map((field) => [field.alias, compileField(field, table, alias, scope)]));
}

function compileField(field: SelectionField, table: string, alias: string, scope: CompileScope): RawBuilder<unknown> {
  switch (field.kind) {
    case 'column': {
      const value = scope.rowColumn(alias, field.column);
      const dataType = scope.rules.requireColumn(scope.role, table, field.column);
      if (!field.path) return jsonOutput(value, dataType);
      return sql`${value} #> ${bindPlanValue(field.path, 'path', jsonbPathParameter(field.column))}::text[]`;
    }
    case 'typename':
      return sql.lit(checkedName(field.typename));
    case 'object_relationship': {
      const relationship = relationshipOf(scope, table, field.relationship);
      readJoinColumns(relationship, alias, scope);
      const remote = scope.nextAlias();
      const where = joinConditions('and', [
        ...relationshipJoin(relationship, alias, remote),
        scope.rules.rowFilter(scope.role, relationship.remoteTable, remote),
      ]);
      const object = compileSelection(field.fields, relationship.remoteTable, remote, scope);
      return sql`(SELECT ${object} FROM ${sql.table(relationship.remoteTable)} AS ${sql.id(remote)} WHERE ${where} LIMIT 1)`;
    }
    case 'array_relationship': {
      const relationship = relationshipOf(scope, table, field.relationship);
      readJoinColumns(relationship, alias, scope);
      const remote = scope.nextAlias();
      const rows = compileRowSet({
        table: relationship.remoteTable,
        alias: remote,
        arguments: field.arguments,
        join: relationshipJoin(relationship, alias, remote),
        defaultLimit: scope.limits.maxRows,
        scope,
      });
      const object = compileSelection(field.fields, relationship.remoteTable, remote, scope);
      const objects = rows.objectsFrom(object);
      return objects
        ? jsonArray(sql.ref(`${remote}.${objectColumn}`), rows.order, objects)
        : jsonArray(object, rows.order, rows.from());
    }
    case 'array_aggregate': {
      const relationship = relationshipOf(scope, table, field.relationship);
      readJoinColumns(relationship, alias, scope);
      const remote = scope.nextAlias();
      const join = relationshipJoin(relationship, alias, remote);
      return compileRelationshipAggregate(field.fields, relationship.remoteTable, remote, field.arguments, join, scope);
    }
  }
}

/** A relationship's subquery reads its local join columns from the row under `alias`. */
function readJoinColumns(relationship: RelationshipModel, alias: string, scope: CompileScope): void {
  for (const local of Object.keys(relationship.columnMapping)) scope.rowColumn(alias, local);
}

/** `(SELECT coalesce(json_agg(…), '[]') FROM rows)`: an empty list, never null. */
export function jsonArray(
  object: RawBuilder<unknown>,
  order: RawBuilder<unknown> | null,
  from: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`(SELECT ${jsonAggregate(object, order)} FROM ${from})`;
}

export function jsonAggregate(object: RawBuilder<unknown>, order: RawBuilder<unknown> | null): RawBuilder<unknown> {
  const ordered = order ? sql` ORDER BY ${order}` : sql``;
  return sql`coalesce(json_agg(${object}${ordered}), '[]'::json)`;
}
