// `<t>_stream(batch_size, cursor, where)` → a `select_stream` plan (docs/data-layer.md#subscriptions).
// As Hasura, the cursor list holds exactly one cursor and its initial value exactly one column;
// ordering defaults to ASC. The initial value stays a PlanValue (a literal or a variable): the
// subscription resolves it once, then advances the cursor itself after every batch.
import {
  GraphQLInt,
  getNamedType,
  isInputObjectType,
  type FieldNode,
  type GraphQLArgument,
  type GraphQLInputObjectType,
} from 'graphql';
import type { RootFieldPlan, StreamCursorPlan } from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { inputFieldMeta } from '../schema/schema-metadata.ts';
import type { CursorOrdering } from '../schema/stream-types.ts';
import { argumentInputs } from './build-row-set-arguments.ts';
import { buildWhere } from './build-where.ts';
import { isNullInput, leafPlanValue, listItems, objectFields, resolveNow, type InputValue } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';
import type { SelectionField } from '../../records/data-layer-sql/query-plan.ts';

function inputObjectArgument(args: readonly GraphQLArgument[], name: string): GraphQLInputObjectType {
  const type = getNamedType(args.find((arg) => arg.name === name)?.type);
  if (!isInputObjectType(type)) throw new Error(`argument '${name}' is not an input object`);
  return type;
}

function exactlyOne<T>(items: readonly T[], what: string, path: string): T {
  if (items.length !== 1)
    throw new DataLayerError('VALIDATION_FAILED', `${what} must have exactly one entry, got ${items.length}`, path);
  return items[0] as T;
}

function buildCursor(
  input: InputValue,
  type: GraphQLInputObjectType,
  context: PlanContext,
  path: string,
): StreamCursorPlan {
  const cursor = exactlyOne(listItems(input, context, path), 'the cursor list', path);
  const cursorPath = joinPath(path, 0);
  const fields = new Map(objectFields(cursor, context, cursorPath));
  const valueType = getNamedType(type.getFields().initial_value?.type) as GraphQLInputObjectType;
  const initialPath = joinPath(cursorPath, 'initial_value');
  const initial = fields.get('initial_value');
  if (!initial) throw new DataLayerError('VALIDATION_FAILED', 'the cursor needs an initial_value', cursorPath);
  const [name, value] = exactlyOne(
    objectFields(initial, context, initialPath).filter(([, item]) => !isNullInput(item, context, initialPath)),
    'initial_value',
    initialPath,
  );
  const field = valueType.getFields()[name];
  const meta = inputFieldMeta(field?.extensions);
  if (!field || meta?.kind !== 'column')
    throw new DataLayerError(
      'VALIDATION_FAILED',
      `field '${name}' not found in type '${valueType.name}' (unknown field or no permission)`,
      joinPath(initialPath, name),
    );
  const ordering = fields.get('ordering');
  const orderingType = type.getFields().ordering?.type;
  return {
    column: meta.column,
    ordering:
      ordering && orderingType && !isNullInput(ordering, context, joinPath(cursorPath, 'ordering'))
        ? (resolveNow(ordering, orderingType, context, joinPath(cursorPath, 'ordering')) as CursorOrdering)
        : 'asc',
    initial: leafPlanValue(value, field.type, context, joinPath(initialPath, name)),
  };
}

export function buildStreamPlan(
  table: string,
  alias: string,
  node: FieldNode,
  args: readonly GraphQLArgument[],
  fields: readonly SelectionField[],
  context: PlanContext,
  path: string,
): RootFieldPlan {
  const given = argumentInputs(node.arguments, path);
  const cursor = given.get('cursor');
  const batchSize = given.get('batch_size');
  if (!cursor || !batchSize) throw new DataLayerError('VALIDATION_FAILED', 'batch_size and cursor are required', path);
  const where = given.get('where');
  return {
    kind: 'select_stream',
    alias,
    table,
    where:
      where && !isNullInput(where.input, context, where.path)
        ? buildWhere(where.input, inputObjectArgument(args, 'where'), context, where.path)
        : null,
    batchSize: leafPlanValue(batchSize.input, GraphQLInt, context, batchSize.path),
    cursor: buildCursor(cursor.input, inputObjectArgument(args, 'cursor'), context, cursor.path),
    fields,
  };
}
