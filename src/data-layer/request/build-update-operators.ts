// An update's operators → the plan's `set` and `operations` (docs/data-layer.md#update-operators),
// for update_<t>, update_<t>_by_pk and each element of update_<t>_many. A column may appear in one
// operator only (Hasura refuses `_set` and `_inc` of one column): PostgreSQL would refuse two
// assignments to it anyway, and which one was meant cannot be guessed.
import {
  getNamedType,
  isInputObjectType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
} from 'graphql';
import type {
  ColumnValues,
  MutationResponseField,
  UpdateManyPlan,
  UpdateOperation,
} from '../../records/data-layer-sql/query-plan.ts';
import { updateOperatorNames, type UpdateOperatorName } from '../../records/data-layer-sql/update-operators.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { inputFieldMeta } from '../schema/schema-metadata.ts';
import { buildWhere } from './build-where.ts';
import { isNullInput, leafPlanValue, listItems, objectFields, type InputValue } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';

/** Arguments (or an `updates` element's fields) by name, with their request paths. */
export type GivenInputs = ReadonlyMap<string, { readonly input: InputValue; readonly path: string }>;

interface Assigned {
  readonly operator: UpdateOperatorName;
  readonly column: string;
  readonly value: UpdateOperation['value'];
}

function inputObject(type: GraphQLInputType | undefined, name: string): GraphQLInputObjectType {
  const named = getNamedType(type);
  if (!isInputObjectType(named)) throw new Error(`update operator '${name}' is not an input object`);
  return named;
}

/** One operator's columns and operands; a column outside its input type is unknown (or not permitted). */
function operatorValues(
  operator: UpdateOperatorName,
  given: { readonly input: InputValue; readonly path: string },
  type: GraphQLInputObjectType,
  context: PlanContext,
): Assigned[] {
  return objectFields(given.input, context, given.path).map(([name, value]) => {
    const fieldPath = joinPath(given.path, name);
    const field = type.getFields()[name];
    const meta = inputFieldMeta(field?.extensions);
    if (!field || meta?.kind !== 'column')
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${name}' not found in type '${type.name}' (unknown field or no permission)`,
        fieldPath,
      );
    return { operator, column: meta.column, value: leafPlanValue(value, field.type, context, fieldPath) };
  });
}

function refuseRepeatedColumns(assigned: readonly Assigned[], path: string): void {
  const byColumn = new Map<string, UpdateOperatorName[]>();
  for (const { column, operator } of assigned) byColumn.set(column, [...(byColumn.get(column) ?? []), operator]);
  const repeated = [...byColumn].filter(([, operators]) => operators.length > 1);
  if (repeated.length === 0) return;
  throw new DataLayerError(
    'VALIDATION_FAILED',
    `column found in multiple operators: ${repeated.map(([column, operators]) => `'${column}' in ${operators.join(', ')}`).join('; ')}`,
    path,
  );
}

/** `_set` and the computed operators given; `typeOf` names each operator's input type where it is offered. */
export function buildUpdateAssignments(
  given: GivenInputs,
  typeOf: (operator: UpdateOperatorName) => GraphQLInputType | undefined,
  context: PlanContext,
  path: string,
): { set: ColumnValues; operations: UpdateOperation[] } {
  const assigned = updateOperatorNames.flatMap((operator) => {
    const found = given.get(operator);
    if (!found || isNullInput(found.input, context, found.path)) return [];
    return operatorValues(operator, found, inputObject(typeOf(operator), operator), context);
  });
  refuseRepeatedColumns(assigned, path);
  return {
    set: assigned.flatMap(({ operator, column, value }) => (operator === '_set' ? [{ column, value }] : [])),
    operations: assigned.flatMap(({ operator, column, value }) =>
      operator === '_set' ? [] : [{ operator, column, value }],
    ),
  };
}

/** The operator arguments of update_<t> and update_<t>_by_pk. */
export function fieldArgumentType(field: GraphQLField<unknown, unknown>) {
  return (name: string): GraphQLInputType | undefined => field.args.find((arg) => arg.name === name)?.type;
}

/**
 * `update_<t>_many(updates: […])`: each element an update of its own, planned as update_<t>
 * would be and named after its place (`update_<t>_many.updates[1]`) in messages.
 */
export function buildUpdateManyPlan(
  table: string,
  alias: string,
  field: GraphQLField<unknown, unknown>,
  updates: { readonly input: InputValue; readonly path: string },
  response: readonly MutationResponseField[],
  context: PlanContext,
): UpdateManyPlan {
  const element = inputObject(fieldArgumentType(field)('updates'), 'updates');
  const items = listItems(updates.input, context, updates.path);
  return {
    kind: 'update_many',
    alias,
    table,
    updates: items.map((item, index) => {
      const path = joinPath(updates.path, index);
      const given: GivenInputs = new Map(
        objectFields(item, context, path).map(([name, input]) => [name, { input, path: joinPath(path, name) }]),
      );
      const where = given.get('where');
      if (!where || isNullInput(where.input, context, where.path))
        throw new DataLayerError('VALIDATION_FAILED', `field 'where' of '${element.name}' is required`, path);
      const fields = element.getFields();
      return {
        kind: 'update',
        alias: `${alias}.updates[${index}]`,
        table,
        target: {
          kind: 'where',
          where: buildWhere(where.input, inputObject(fields.where?.type, 'where'), context, where.path),
        },
        ...buildUpdateAssignments(given, (name) => fields[name]?.type, context, path),
        output: { kind: 'response', fields: response },
      };
    }),
  };
}
