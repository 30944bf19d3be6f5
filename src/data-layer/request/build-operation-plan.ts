// An operation's root fields → what to run for each response key: a table plan (compiled to
// one SQL statement by src/records; mutations in build-mutation-plan.ts), `__typename`, or introspection (answered by graphql-js
// from the role schema).
import { getNamedType, isObjectType, type FieldNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { RootFieldPlan } from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';
import { fieldMeta, type RootFieldMeta } from '../schema/schema-metadata.ts';
import { argumentInputs, buildRowSetArguments } from './build-row-set-arguments.ts';
import { buildMutationPlan } from './build-mutation-plan.ts';
import { buildStreamPlan } from './build-stream-plan.ts';
import { buildAggregateSelection, buildSelection } from './build-selection.ts';
import { collectFields, fieldPath } from './collect-fields.ts';
import { leafPlanValue } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';

export type RootEntry =
  | { readonly kind: 'table'; readonly alias: string; readonly plan: RootFieldPlan }
  | { readonly kind: 'typename'; readonly alias: string }
  | { readonly kind: 'introspection'; readonly alias: string; readonly nodes: readonly FieldNode[] };

export function buildOperationPlan(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  context: PlanContext,
): RootEntry[] {
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) throw new Error(`role schema without a ${operation.operation} root`);
  const fields = collectFields([operation.selectionSet], context, '$', 0);
  if (fields.size > context.limits.maxRootFields) {
    throw new DataLayerError(
      'VALIDATION_FAILED',
      `the query has more than ${context.limits.maxRootFields} root fields; split it`,
      '$',
    );
  }
  return [...fields].map(([alias, nodes]): RootEntry => {
    const node = nodes[0] as FieldNode;
    const name = node.name.value;
    if (name === '__typename') return { kind: 'typename', alias };
    if (name === '__schema' || name === '__type') return { kind: 'introspection', alias, nodes };
    const path = fieldPath('$', alias);
    const field = root.getFields()[name];
    const meta = fieldMeta(field?.extensions) as RootFieldMeta | undefined;
    if (!field || !meta)
      throw new DataLayerError(
        'VALIDATION_FAILED',
        `field '${name}' not found in type '${root.name}' (unknown field or no permission)`,
        path,
      );
    const type = getNamedType(field.type);
    if (!isObjectType(type)) throw new Error(`root field ${name} is not of an object type`);
    const level = { nodes, type, path, depth: 1 };
    switch (meta.kind) {
      case 'select':
        return {
          kind: 'table',
          alias,
          plan: {
            kind: 'select',
            alias,
            table: meta.table,
            arguments: buildRowSetArguments(node.arguments, field.args, context, path),
            fields: buildSelection(level, context),
          },
        };
      case 'select_aggregate':
        return {
          kind: 'table',
          alias,
          plan: {
            kind: 'select_aggregate',
            alias,
            table: meta.table,
            arguments: buildRowSetArguments(node.arguments, field.args, context, path),
            fields: buildAggregateSelection(level, context),
          },
        };
      case 'select_by_pk': {
        const given = argumentInputs(node.arguments, path);
        const key = field.args.map((arg) => {
          const argument = given.get(arg.name);
          if (!argument)
            throw new DataLayerError('VALIDATION_FAILED', `argument '${arg.name}' of '${name}' is required`, path);
          return { column: arg.name, value: leafPlanValue(argument.input, arg.type, context, argument.path) };
        });
        return {
          kind: 'table',
          alias,
          plan: { kind: 'select_by_pk', alias, table: meta.table, key, fields: buildSelection(level, context) },
        };
      }
      case 'select_stream':
        return {
          kind: 'table',
          alias,
          plan: buildStreamPlan(meta.table, alias, node, field.args, buildSelection(level, context), context, path),
        };
      default:
        return {
          kind: 'table',
          alias,
          plan: buildMutationPlan(meta.kind, meta.table, alias, field, nodes, context, path),
        };
    }
  });
}
