// Reading argument values while building a plan. Arguments arrive as AST literals, as
// variables, or (inside a variable's value) as plain JSON. A variable in a leaf position (a
// comparison operand, limit, offset, a primary key) stays a reference, bound when the cached
// statement runs; any other variable (input objects, enums, Booleans) shapes the SQL, so its
// value is read now and belongs to the plan cache key (`structural`).
import type { GraphQLList } from 'graphql';
import {
  Kind,
  coerceInputLiteral,
  isListType,
  isNonNullType,
  type GraphQLInputType,
  type ValueNode,
  type VariableValues,
} from 'graphql';
import type { PlanValue } from '../../records/data-layer-sql/query-plan.ts';
import { DataLayerError } from '../data-layer-error.ts';

export type InputValue = { readonly ast: ValueNode } | { readonly json: unknown };

export interface InputContext {
  readonly variables: VariableValues;
  /** Variables whose values may shape the plan (and are part of its cache key). */
  readonly structural: ReadonlySet<string>;
}

function variableValue(name: string, context: InputContext, path: string): unknown {
  // A bug guard: a variable read now but missing from the cache key would reuse a wrong plan.
  if (!context.structural.has(name))
    throw new DataLayerError('INTERNAL', `variable $${name} read while planning at ${path}`, path);
  return context.variables.coerced[name] ?? null;
}

function variablesIn(node: ValueNode): string[] {
  switch (node.kind) {
    case Kind.VARIABLE:
      return [node.name.value];
    case Kind.LIST:
      return node.values.flatMap(variablesIn);
    case Kind.OBJECT:
      return node.fields.flatMap((field) => variablesIn(field.value));
    default:
      return [];
  }
}

/** The value as JSON now (enums as their internal values). */
export function resolveNow(input: InputValue, type: GraphQLInputType, context: InputContext, path: string): unknown {
  if ('json' in input) return input.json ?? null;
  if (input.ast.kind === Kind.VARIABLE) return variableValue(input.ast.name.value, context, path);
  for (const name of variablesIn(input.ast)) variableValue(name, context, path);
  const value = coerceInputLiteral(input.ast, type, context.variables);
  if (value === undefined) throw new DataLayerError('VALIDATION_FAILED', `invalid value at ${path}`, path);
  return value;
}

export function isNullInput(input: InputValue, context: InputContext, path: string): boolean {
  if ('json' in input) return input.json === null || input.json === undefined;
  if (input.ast.kind === Kind.NULL) return true;
  // A variable's nullness is known now only where it may shape the plan; elsewhere it is bound later.
  if (input.ast.kind === Kind.VARIABLE && context.structural.has(input.ast.name.value))
    return variableValue(input.ast.name.value, context, path) === null;
  return false;
}

export function objectFields(input: InputValue, context: InputContext, path: string): [string, InputValue][] {
  if ('ast' in input) {
    if (input.ast.kind === Kind.OBJECT)
      return input.ast.fields.map((field) => [field.name.value, { ast: field.value }]);
    if (input.ast.kind === Kind.VARIABLE)
      return objectFields({ json: variableValue(input.ast.name.value, context, path) }, context, path);
    throw new DataLayerError('VALIDATION_FAILED', `expected an object at ${path}`, path);
  }
  const value = input.json;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DataLayerError('VALIDATION_FAILED', `expected an object at ${path}`, path);
  return Object.entries(value).map(([name, item]) => [name, { json: item }]);
}

/** List items; a single value where a list is expected counts as a list of one (GraphQL input coercion). */
export function listItems(input: InputValue, context: InputContext, path: string): InputValue[] {
  if ('ast' in input) {
    if (input.ast.kind === Kind.LIST) return input.ast.values.map((ast) => ({ ast }));
    if (input.ast.kind === Kind.VARIABLE)
      return listItems({ json: variableValue(input.ast.name.value, context, path) }, context, path);
    return [input];
  }
  if (input.json === null || input.json === undefined) return [];
  return Array.isArray(input.json) ? input.json.map((json) => ({ json })) : [{ json: input.json }];
}

function itemType(type: GraphQLInputType): GraphQLInputType {
  const nullable = isNonNullType(type) ? type.ofType : type;
  return isListType(nullable) ? (nullable as GraphQLList<GraphQLInputType>).ofType : nullable;
}

/** A leaf value as a PlanValue: variables stay references, literals are coerced now. */
export function leafPlanValue(
  input: InputValue,
  type: GraphQLInputType,
  context: InputContext,
  path: string,
): PlanValue {
  if ('json' in input) return { kind: 'literal', value: input.json ?? null };
  const node = input.ast;
  if (node.kind === Kind.VARIABLE) return { kind: 'variable', name: node.name.value };
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (node.kind === Kind.LIST && isListType(nullable) && node.values.some((value) => value.kind === Kind.VARIABLE)) {
    return {
      kind: 'list',
      items: node.values.map((value, index) =>
        leafPlanValue({ ast: value }, itemType(type), context, `${path}[${index}]`),
      ),
    };
  }
  return { kind: 'literal', value: resolveNow(input, type, context, path) };
}
