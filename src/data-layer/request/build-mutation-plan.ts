// A mutation root field → its MutationPlan (docs/data-layer.md#mutations): the rows of
// `objects`/`object`, `_set` and the other update operators (build-update-operators.ts), the `where` or primary key of the rows to change, and the selection
// of the answer. Column values stay variable references where they are variables (bound when the
// cached statement runs); the schema already limits the input to the columns the role may write.
import {
  getNamedType,
  isInputObjectType,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import type {
  ColumnValues,
  MutationOutput,
  MutationPlan,
  MutationTarget,
  UpdateManyPlan,
} from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { inputFieldMeta, type MutationKind } from '../schema/schema-metadata.ts';
import { argumentInputs } from './build-row-set-arguments.ts';
import { buildMutationResponse, buildSelection, type Level } from './build-selection.ts';
import { buildUpdateAssignments, buildUpdateManyPlan, fieldArgumentType } from './build-update-operators.ts';
import { buildWhere } from './build-where.ts';
import { buildInsertRow, insertRows, rootOnConflict } from './build-insert-plan.ts';
import { isNullInput, leafPlanValue, listItems, objectFields, type InputValue } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';

type Arguments = ReturnType<typeof argumentInputs>;

function inputObjectArgument(field: GraphQLField<unknown, unknown>, name: string): GraphQLInputObjectType {
  const type = getNamedType(field.args.find((arg) => arg.name === name)?.type);
  if (!isInputObjectType(type)) throw new Error(`argument '${name}' of '${field.name}' is not an input object`);
  return type;
}

function columnValues(
  input: InputValue,
  type: GraphQLInputObjectType,
  context: PlanContext,
  path: string,
): ColumnValues {
  return objectFields(input, context, path).map(([name, value]) => {
    const fieldPath = joinPath(path, name);
    const field = type.getFields()[name];
    const meta = inputFieldMeta(field?.extensions);
    if (!field || meta?.kind !== 'column')
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${name}' not found in type '${type.name}' (unknown field or no permission)`,
        fieldPath,
      );
    return { column: meta.column, value: leafPlanValue(value, field.type as GraphQLInputType, context, fieldPath) };
  });
}

function required(
  args: Arguments,
  name: string,
  field: string,
  path: string,
  context: PlanContext,
): { input: InputValue; path: string } {
  const found = args.get(name);
  if (!found || isNullInput(found.input, context, found.path))
    throw new DataLayerError('VALIDATION_FAILED', `argument '${name}' of '${field}' is required`, path);
  return found;
}

function output(kind: MutationKind, level: Level, context: PlanContext): MutationOutput {
  return kind === 'insert' || kind === 'update' || kind === 'delete'
    ? { kind: 'response', fields: buildMutationResponse(level, context) }
    : { kind: 'row', fields: buildSelection(level, context) };
}

export function buildMutationPlan(
  kind: MutationKind,
  table: string,
  alias: string,
  field: GraphQLField<unknown, unknown>,
  nodes: readonly FieldNode[],
  context: PlanContext,
  path: string,
): MutationPlan | UpdateManyPlan {
  const node = nodes[0] as FieldNode;
  const args = argumentInputs(node.arguments, path);
  const level: Level = { nodes, type: getNamedType(field.type) as GraphQLObjectType, path, depth: 1 };
  const target = (): MutationTarget => {
    if (kind === 'update_by_pk') {
      const keys = required(args, 'pk_columns', field.name, path, context);
      return {
        kind: 'key',
        key: columnValues(keys.input, inputObjectArgument(field, 'pk_columns'), context, keys.path),
      };
    }
    if (kind === 'delete_by_pk') {
      return {
        kind: 'key',
        key: field.args.map((arg) => {
          const argument = required(args, arg.name, field.name, path, context);
          return { column: arg.name, value: leafPlanValue(argument.input, arg.type, context, argument.path) };
        }),
      };
    }
    const where = required(args, 'where', field.name, path, context);
    return { kind: 'where', where: buildWhere(where.input, inputObjectArgument(field, 'where'), context, where.path) };
  };
  switch (kind) {
    case 'insert':
    case 'insert_one': {
      const many = kind === 'insert';
      const argument = required(args, many ? 'objects' : 'object', field.name, path, context);
      const type = inputObjectArgument(field, many ? 'objects' : 'object');
      const items = many ? listItems(argument.input, context, argument.path) : [argument.input];
      const rows = items.map((item, index) =>
        buildInsertRow(item, type, table, context, many ? joinPath(argument.path, index) : argument.path),
      );
      const onConflict = rootOnConflict(
        args.get('on_conflict'),
        field.args.find((arg) => arg.name === 'on_conflict')?.type,
        context,
      );
      return { kind: 'insert', alias, table, ...insertRows(rows), onConflict, output: output(kind, level, context) };
    }
    case 'update':
    case 'update_by_pk': {
      const assignments = buildUpdateAssignments(args, fieldArgumentType(field), context, path);
      return { kind: 'update', alias, table, target: target(), ...assignments, output: output(kind, level, context) };
    }
    case 'update_many': {
      const updates = required(args, 'updates', field.name, path, context);
      const response = buildMutationResponse(level, context);
      return buildUpdateManyPlan(table, alias, field, updates, response, context);
    }
    case 'delete':
    case 'delete_by_pk':
      return { kind: 'delete', alias, table, target: target(), output: output(kind, level, context) };
  }
}
