// Selection sets on table object types → SelectionField[] (columns, __typename, object and
// array relationships, `<rel>_aggregate`), and on `<t>_aggregate` types → AggregateResultField[].
import {
  GraphQLBoolean,
  GraphQLString,
  getNamedType,
  isEnumType,
  isObjectType,
  type FieldNode,
  type GraphQLEnumType,
  type GraphQLObjectType,
} from 'graphql';
import type {
  AggregateColumnField,
  AggregateField,
  AggregateResultField,
  MutationResponseField,
  SelectionField,
} from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { fieldMeta } from '../schema/schema-metadata.ts';
import { argumentInputs, buildRowSetArguments } from './build-row-set-arguments.ts';
import { collectFields, fieldPath, subSelections } from './collect-fields.ts';
import { isNullInput, leafPlanValue, listItems, resolveNow } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';

export interface Level {
  readonly nodes: readonly FieldNode[];
  readonly type: GraphQLObjectType;
  readonly path: string;
  readonly depth: number;
}

function fieldsOf(level: Level, context: PlanContext) {
  return [...collectFields(subSelections(level.nodes), context, level.path, level.depth + 1)].map(([key, nodes]) => {
    const name = (nodes[0] as FieldNode).name.value;
    const path = fieldPath(level.path, key);
    if (name === '__typename') return { key, nodes, name, path, field: null, meta: null };
    const field = level.type.getFields()[name];
    if (!field)
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${name}' not found in type '${level.type.name}' (unknown field or no permission)`,
        path,
      );
    return { key, nodes, name, path, field, meta: fieldMeta(field.extensions) ?? null };
  });
}

function objectTypeOf(type: unknown): GraphQLObjectType {
  const named = getNamedType(type as never);
  if (!isObjectType(named)) throw new Error('expected an object type');
  return named;
}

export function buildSelection(level: Level, context: PlanContext): SelectionField[] {
  return fieldsOf(level, context).map(({ key, nodes, path, field, meta }): SelectionField => {
    if (!field || !meta) return { kind: 'typename', alias: key, typename: level.type.name };
    const next = () => ({ nodes, type: objectTypeOf(field.type), path, depth: level.depth + 1 });
    switch (meta.kind) {
      case 'column':
        return columnField(key, meta.column, nodes[0] as FieldNode, context, path);
      case 'object_relationship':
        return {
          kind: 'object_relationship',
          alias: key,
          relationship: meta.relationship,
          fields: buildSelection(next(), context),
        };
      case 'array_relationship':
        return {
          kind: 'array_relationship',
          alias: key,
          relationship: meta.relationship,
          arguments: buildRowSetArguments((nodes[0] as FieldNode).arguments, field.args, context, path),
          fields: buildSelection(next(), context),
        };
      case 'array_aggregate':
        return {
          kind: 'array_aggregate',
          alias: key,
          relationship: meta.relationship,
          arguments: buildRowSetArguments((nodes[0] as FieldNode).arguments, field.args, context, path),
          fields: buildAggregateSelection(next(), context),
        };
      default:
        throw new Error(`unexpected field kind ${meta.kind} on ${level.type.name}`);
    }
  });
}

/** A column, with a jsonb column's `path` argument when given and not null. */
function columnField(
  alias: string,
  column: string,
  node: FieldNode,
  context: PlanContext,
  path: string,
): SelectionField {
  const jsonPath = argumentInputs(node.arguments, path).get('path');
  if (!jsonPath || isNullInput(jsonPath.input, context, jsonPath.path)) return { kind: 'column', alias, column };
  return { kind: 'column', alias, column, path: leafPlanValue(jsonPath.input, GraphQLString, context, jsonPath.path) };
}

export function buildAggregateSelection(level: Level, context: PlanContext): AggregateResultField[] {
  return fieldsOf(level, context).map(({ key, nodes, path, field, meta }): AggregateResultField => {
    if (!field || !meta) return { kind: 'typename', alias: key, typename: level.type.name };
    const next = { nodes, type: objectTypeOf(field.type), path, depth: level.depth + 1 };
    if (meta.kind === 'nodes') return { kind: 'nodes', alias: key, fields: buildSelection(next, context) };
    if (meta.kind === 'aggregate')
      return { kind: 'aggregate', alias: key, fields: buildAggregateFields(next, context) };
    throw new Error(`unexpected field kind ${meta.kind} on ${level.type.name}`);
  });
}

function buildAggregateFields(level: Level, context: PlanContext): AggregateField[] {
  return fieldsOf(level, context).map(({ key, nodes, path, field, meta }): AggregateField => {
    if (!field || !meta) return { kind: 'typename', alias: key, typename: level.type.name };
    if (meta.kind === 'count') return countField(key, nodes[0] as FieldNode, field.args, context, path);
    if (meta.kind !== 'function') throw new Error(`unexpected field kind ${meta.kind} on ${level.type.name}`);
    const next = { nodes, type: objectTypeOf(field.type), path, depth: level.depth + 1 };
    const fields = fieldsOf(next, context).map(
      ({ key: innerKey, field: inner, meta: innerMeta }): AggregateColumnField =>
        inner && innerMeta?.kind === 'column'
          ? { kind: 'column', alias: innerKey, column: innerMeta.column }
          : { kind: 'typename', alias: innerKey, typename: next.type.name },
    );
    return { kind: 'function', alias: key, fn: meta.fn, fields };
  });
}

function countField(
  alias: string,
  node: FieldNode,
  definitions: readonly { name: string; type: unknown }[],
  context: PlanContext,
  path: string,
): AggregateField {
  const args = argumentInputs(node.arguments, path);
  const columnsArgument = args.get('columns');
  const distinctArgument = args.get('distinct');
  const columnType = getNamedType(definitions.find((definition) => definition.name === 'columns')?.type as never);
  if (!isEnumType(columnType)) throw new Error('count(columns) is not an enum list');
  const columns =
    columnsArgument && !isNullInput(columnsArgument.input, context, columnsArgument.path)
      ? listItems(columnsArgument.input, context, columnsArgument.path).map(
          (item, index) =>
            resolveNow(item, columnType as GraphQLEnumType, context, joinPath(columnsArgument.path, index)) as string,
        )
      : [];
  const distinct =
    distinctArgument && !isNullInput(distinctArgument.input, context, distinctArgument.path)
      ? resolveNow(distinctArgument.input, GraphQLBoolean, context, distinctArgument.path) === true
      : false;
  return { kind: 'count', alias, columns, distinct };
}

/** A selection on `<t>_mutation_response`: affected_rows, returning { … }, __typename. */
export function buildMutationResponse(level: Level, context: PlanContext): MutationResponseField[] {
  return fieldsOf(level, context).map(({ key, nodes, path, field, meta }): MutationResponseField => {
    if (!field || !meta) return { kind: 'typename', alias: key, typename: level.type.name };
    if (meta.kind === 'affected_rows') return { kind: 'affected_rows', alias: key };
    if (meta.kind === 'returning')
      return {
        kind: 'returning',
        alias: key,
        fields: buildSelection({ nodes, type: objectTypeOf(field.type), path, depth: level.depth + 1 }, context),
      };
    throw new Error(`unexpected field kind ${meta.kind} on ${level.type.name}`);
  });
}
