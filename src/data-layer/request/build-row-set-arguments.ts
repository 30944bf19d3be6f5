// `where`, `order_by`, `limit`, `offset`, `distinct_on` of a list field → RowSetArguments,
// typed by the field's own argument definitions in the role schema.
import {
  GraphQLInt,
  getNamedType,
  isEnumType,
  isInputObjectType,
  type ArgumentNode,
  type GraphQLArgument,
  type GraphQLEnumType,
  type GraphQLInputField,
  type GraphQLInputObjectType,
} from 'graphql';
import type { OrderByKey, OrderByPlan, PlanValue, RowSetArguments } from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { orderByFieldMeta } from '../schema/schema-metadata.ts';
import type { OrderDirection } from '../schema/table-input-types.ts';
import { buildWhere } from './build-where.ts';
import { isNullInput, leafPlanValue, listItems, objectFields, resolveNow, type InputValue } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';

export function argumentInputs(
  nodes: readonly ArgumentNode[] | undefined,
  path: string,
): Map<string, { input: InputValue; path: string }> {
  return new Map(
    (nodes ?? []).map((node) => [
      node.name.value,
      { input: { ast: node.value }, path: joinPath(path, 'args', node.name.value) },
    ]),
  );
}

function argumentType<T>(args: readonly GraphQLArgument[], name: string, check: (type: unknown) => type is T): T {
  const type = getNamedType(args.find((arg) => arg.name === name)?.type);
  if (!check(type)) throw new Error(`argument '${name}' has an unexpected type`);
  return type;
}

export function buildRowSetArguments(
  nodes: readonly ArgumentNode[] | undefined,
  definitions: readonly GraphQLArgument[],
  context: PlanContext,
  path: string,
): RowSetArguments {
  const given = argumentInputs(nodes, path);
  const present = (name: string) => {
    const found = given.get(name);
    return found && !isNullInput(found.input, context, found.path) ? found : null;
  };
  const where = present('where');
  const orderBy = present('order_by');
  const distinctOn = present('distinct_on');
  return {
    where: where
      ? buildWhere(where.input, argumentType(definitions, 'where', isInputObjectType), context, where.path)
      : null,
    orderBy: orderBy
      ? buildOrderBy(orderBy.input, argumentType(definitions, 'order_by', isInputObjectType), [], context, orderBy.path)
      : [],
    limit: pagingValue(given.get('limit'), context),
    offset: pagingValue(given.get('offset'), context),
    distinctOn: distinctOn
      ? listItems(distinctOn.input, context, distinctOn.path).map(
          (item, index) =>
            resolveNow(
              item,
              argumentType(definitions, 'distinct_on', isEnumType) as GraphQLEnumType,
              context,
              joinPath(distinctOn.path, index),
            ) as string,
        )
      : [],
  };
}

function pagingValue(
  argument: { input: InputValue; path: string } | undefined,
  context: PlanContext,
): PlanValue | null {
  if (!argument) return null;
  const value = leafPlanValue(argument.input, GraphQLInt, context, argument.path);
  return value.kind === 'literal' && value.value === null ? null : value;
}

/** `[{a: asc}, {rel: {b: desc}}, {rel_aggregate: {count: asc}}]` (or one object with several keys, in their order). */
function buildOrderBy(
  input: InputValue,
  type: GraphQLInputObjectType,
  prefix: readonly string[],
  context: PlanContext,
  path: string,
): OrderByPlan[] {
  return listItems(input, context, path).flatMap((item, index) => {
    const itemPath = prefix.length === 0 ? joinPath(path, index) : path;
    return orderByFields(item, type, context, itemPath).flatMap(({ name, value, field, meta, fieldPath }) => {
      if (meta.kind === 'relationship') {
        return buildOrderBy(
          value,
          getNamedType(field.type) as GraphQLInputObjectType,
          [...prefix, meta.relationship],
          context,
          fieldPath,
        );
      }
      if (meta.kind === 'aggregate_relationship')
        return buildAggregateOrderBy(value, field, meta.relationship, prefix, context, fieldPath);
      if (meta.kind !== 'column') throw new Error(`unexpected order_by field '${name}' in '${type.name}'`);
      return [orderKey(prefix, { kind: 'column', column: meta.column }, value, field, context, fieldPath)];
    });
  });
}

/** The non-null fields of one `*_order_by` object, each with what the schema says it is. */
function orderByFields(item: InputValue, type: GraphQLInputObjectType, context: PlanContext, itemPath: string) {
  return objectFields(item, context, itemPath).flatMap(([name, value]) => {
    const fieldPath = joinPath(itemPath, name);
    if (isNullInput(value, context, fieldPath)) return [];
    const field = type.getFields()[name];
    const meta = orderByFieldMeta(field?.extensions);
    if (!field || !meta)
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${name}' not found in type '${type.name}' (unknown field or no permission)`,
        fieldPath,
      );
    return [{ name, value, field, meta, fieldPath }];
  });
}

function orderKey(
  path: readonly string[],
  key: OrderByKey,
  value: InputValue,
  field: GraphQLInputField,
  context: PlanContext,
  fieldPath: string,
): OrderByPlan {
  const direction = resolveNow(value, field.type, context, fieldPath) as OrderDirection;
  return { path, key, direction: direction.direction, nulls: direction.nulls };
}

/** `{count: desc, sum: {amount: asc}}` of `<rel>_aggregate`: one key per entry, in their order. */
function buildAggregateOrderBy(
  input: InputValue,
  field: GraphQLInputField,
  relationship: string,
  path: readonly string[],
  context: PlanContext,
  fieldPath: string,
): OrderByPlan[] {
  const type = getNamedType(field.type) as GraphQLInputObjectType;
  return orderByFields(input, type, context, fieldPath).flatMap((entry) => {
    if (entry.meta.kind === 'count')
      return [orderKey(path, { kind: 'count', relationship }, entry.value, entry.field, context, entry.fieldPath)];
    if (entry.meta.kind !== 'function') throw new Error(`unexpected field '${entry.name}' in '${type.name}'`);
    const { fn } = entry.meta;
    const columns = getNamedType(entry.field.type) as GraphQLInputObjectType;
    return orderByFields(entry.value, columns, context, entry.fieldPath).map((column) => {
      if (column.meta.kind !== 'column') throw new Error(`unexpected field '${column.name}' in '${columns.name}'`);
      const key: OrderByKey = { kind: 'aggregate', relationship, fn, column: column.meta.column };
      return orderKey(path, key, column.value, column.field, context, column.fieldPath);
    });
  });
}
