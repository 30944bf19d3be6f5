// The rows of `insert_<t>(objects)` / `insert_<t>_one(object)` and their `on_conflict` → plan
// (docs/data-layer.md#upserts-on_conflict, #nested-inserts): each row's columns, and the rows it
// inserts through relationships, each with its own `on_conflict`. A join column the relationship
// fills may not be given too (Hasura refuses it: the relationship decides it).
import { getNamedType, isInputObjectType, type GraphQLInputObjectType, type GraphQLInputType } from 'graphql';
import type {
  ColumnValues,
  InsertRowPlan,
  NestedInsertPlan,
  OnConflictPlan,
} from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { insertRelationshipMeta, type InsertRelationshipMeta } from '../schema/nested-insert-types.ts';
import { inputFieldMeta } from '../schema/schema-metadata.ts';
import { buildWhere } from './build-where.ts';
import { isNullInput, leafPlanValue, listItems, objectFields, resolveNow, type InputValue } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';

function unknownField(name: string, type: GraphQLInputObjectType, path: string): DataLayerError {
  return new DataLayerError(
    'VALIDATION_FAILED',
    `field '${name}' not found in type '${type.name}' (unknown field or no permission)`,
    path,
  );
}

function filledTwice(column: string, relationship: string, table: string, path: string): DataLayerError {
  return new DataLayerError(
    'VALIDATION_FAILED',
    `column '${column}' of '${table}' is filled by the relationship '${relationship}'; leave it out`,
    path,
  );
}

/**
 * One row of `type` (`<t>_insert_input`). `filled` names the columns a parent's array
 * relationship fills, and the relationship, so the row may not give them.
 */
export function buildInsertRow(
  input: InputValue,
  type: GraphQLInputObjectType,
  table: string,
  context: PlanContext,
  path: string,
  filled: { readonly relationship: string; readonly columns: readonly string[] } | null = null,
): InsertRowPlan {
  const columns: { column: string; value: ColumnValues[number]['value'] }[] = [];
  const nested: NestedInsertPlan[] = [];
  const fillers = new Map<string, string>(filled?.columns.map((column) => [column, filled.relationship]) ?? []);
  const fill = (column: string, relationship: string, fieldPath: string) => {
    const by = fillers.get(column);
    if (by !== undefined) throw filledTwice(column, by, table, fieldPath);
    fillers.set(column, relationship);
  };
  const given: [string, string][] = [];
  for (const [name, value] of objectFields(input, context, path)) {
    const fieldPath = joinPath(path, name);
    const field = type.getFields()[name];
    const meta = inputFieldMeta(field?.extensions);
    const relationship = insertRelationshipMeta(field?.extensions);
    if (field && meta?.kind === 'column') {
      columns.push({
        column: meta.column,
        value: leafPlanValue(value, field.type as GraphQLInputType, context, fieldPath),
      });
      given.push([meta.column, fieldPath]);
    } else if (field && relationship) {
      if (isNullInput(value, context, fieldPath)) continue;
      if (!relationship.many)
        for (const local of Object.keys(relationship.columnMapping)) fill(local, relationship.relationship, fieldPath);
      nested.push(buildNestedInsert(value, field.type, relationship, context, fieldPath));
    } else throw unknownField(name, type, fieldPath);
  }
  for (const [column, fieldPath] of given) {
    const by = fillers.get(column);
    if (by !== undefined) throw filledTwice(column, by, table, fieldPath);
  }
  return { columns, nested };
}

function buildNestedInsert(
  input: InputValue,
  type: GraphQLInputType,
  meta: InsertRelationshipMeta,
  context: PlanContext,
  path: string,
): NestedInsertPlan {
  const wrapper = getNamedType(type);
  if (!isInputObjectType(wrapper)) throw new Error(`'${meta.relationship}' is not a relationship insert input`);
  let data: InputValue | null = null;
  let onConflict: OnConflictPlan | null = null;
  for (const [name, value] of objectFields(input, context, path)) {
    const fieldPath = joinPath(path, name);
    const field = wrapper.getFields()[name];
    if (!field) throw unknownField(name, wrapper, fieldPath);
    if (name === 'data') data = value;
    else if (name === 'on_conflict') onConflict = buildOnConflict(value, field.type, context, fieldPath);
  }
  const dataPath = joinPath(path, 'data');
  if (!data || isNullInput(data, context, dataPath))
    throw new DataLayerError('VALIDATION_FAILED', `field 'data' of '${wrapper.name}' is required`, dataPath);
  const rowType = getNamedType(wrapper.getFields().data?.type) as GraphQLInputObjectType;
  const items = meta.many ? listItems(data, context, dataPath) : [data];
  const filled = meta.many ? { relationship: meta.relationship, columns: Object.values(meta.columnMapping) } : null;
  const rows = items.map((item, index) =>
    buildInsertRow(item, rowType, meta.table, context, meta.many ? joinPath(dataPath, index) : dataPath, filled),
  );
  return { relationship: meta.relationship, table: meta.table, rows, onConflict };
}

/** `on_conflict: <t>_on_conflict`; null when absent or null. */
export function buildOnConflict(
  input: InputValue,
  type: GraphQLInputType,
  context: PlanContext,
  path: string,
): OnConflictPlan | null {
  if (isNullInput(input, context, path)) return null;
  const objectType = getNamedType(type);
  if (!isInputObjectType(objectType)) throw new Error('on_conflict is not an input object');
  const fields = objectType.getFields();
  let constraint: string | null = null;
  let updateColumns: string[] = [];
  let where: OnConflictPlan['where'] = null;
  for (const [name, value] of objectFields(input, context, path)) {
    const fieldPath = joinPath(path, name);
    const field = fields[name];
    if (!field) throw unknownField(name, objectType, fieldPath);
    if (name === 'constraint') constraint = resolveNow(value, field.type, context, fieldPath) as string;
    else if (name === 'update_columns')
      updateColumns = (resolveNow(value, field.type, context, fieldPath) ?? []) as string[];
    else if (name === 'where' && !isNullInput(value, context, fieldPath))
      where = buildWhere(value, getNamedType(field.type) as GraphQLInputObjectType, context, fieldPath);
  }
  if (constraint === null)
    throw new DataLayerError('VALIDATION_FAILED', `field 'constraint' of '${objectType.name}' is required`, path);
  return { constraint, updateColumns: [...new Set(updateColumns)], where };
}

/** The `on_conflict` argument of an insert root field, when given. */
export function rootOnConflict(
  found: { input: InputValue; path: string } | undefined,
  type: GraphQLInputType | undefined,
  context: PlanContext,
): OnConflictPlan | null {
  return found && type ? buildOnConflict(found.input, type, context, found.path) : null;
}

/** Plan rows as the insert plan holds them: `objects`, and `nested` only when a row inserts through a relationship. */
export function insertRows(rows: readonly InsertRowPlan[]): {
  objects: ColumnValues[];
  nested?: (readonly NestedInsertPlan[])[];
} {
  const objects = rows.map((row) => row.columns);
  return rows.some((row) => row.nested.length > 0) ? { objects, nested: rows.map((row) => row.nested) } : { objects };
}
