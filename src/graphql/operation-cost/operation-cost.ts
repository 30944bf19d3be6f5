// The static cost of one GraphQL operation of the business API (docs/api-limits.md#the-cost-of-an-operation):
// each root field's weight (field-weights.ts) with its arguments as execution will see them, plus
// one point per 100 items of each page asked, times the pages above it. Fields are collected by
// response key as graphql-js executes them: two selections under one key run once, and a
// fragment spread twice at one level is walked once, so a fragment chain that doubles per link
// costs linear time here too. @skip and @include are not evaluated: a field counts as if selected.
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type VariableValues,
  getArgumentValues,
  getNamedType,
  getVariableValues,
  isObjectType,
} from 'graphql';
import {
  type ListPage,
  type RootFieldWeights,
  itemsPerPoint,
  metaFieldWeights,
  nestedListPages,
  rootWeightsOf,
} from './field-weights.ts';

export interface OperationCost {
  /** Points of the whole operation. */
  readonly cost: number;
  /** Selections (distinct response keys) of each root field, by field name. */
  readonly selections: ReadonlyMap<string, number>;
}

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

/** The cost of `operation` of `document` (parsed and validated against `schema`) with `variables` as sent. */
export function operationCost(
  schema: GraphQLSchema,
  weights: RootFieldWeights,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): OperationCost {
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return { cost: 0, selections: new Map() };
  const fragments = fragmentsOf(document);
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], { ...variables });
  const variableValues = coerced.variableValues;
  const rootWeights = rootWeightsOf(weights, operation.operation);
  const selections = new Map<string, number>();
  let cost = 0;
  for (const nodes of collectFields([operation.selectionSet], fragments).values()) {
    const name = nodes[0]!.name.value;
    selections.set(name, (selections.get(name) ?? 0) + 1);
    const weight = rootWeights[name] ?? metaFieldWeights[name];
    const field = rootType.getFields()[name];
    if (!weight) continue;
    if (!field) {
      cost += weight.cost;
      continue;
    }
    const args = argumentsOf(field, nodes[0]!, variableValues);
    const refreshed = weight.refreshCost !== undefined && (args === null || args['refresh'] === true);
    const pageSize = weight.page ? pageSizeOf(weight.page, args) : 1;
    cost += (refreshed ? weight.refreshCost! : weight.cost) + (weight.page ? pagePoints(pageSize) : 0);
    cost += nestedCost(field, nodes, fragments, variableValues, pageSize);
  }
  return { cost, selections };
}

/** The paginated lists below a field, each a point per 100 items times `multiplier` (the items of the pages above it). */
function nestedCost(
  field: GraphQLField<unknown, unknown>,
  nodes: readonly FieldNode[],
  fragments: Fragments,
  variableValues: VariableValues | undefined,
  multiplier: number,
): number {
  const type = getNamedType(field.type);
  if (!isObjectType(type) || !listsReachableFrom(type)) return 0;
  const selectionSets = nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  let cost = 0;
  for (const group of collectFields(selectionSets, fragments).values()) {
    const child = type.getFields()[group[0]!.name.value];
    if (!child) continue;
    const page = nestedListPages[type.name]?.[child.name];
    const size = page ? pageSizeOf(page, argumentsOf(child, group[0]!, variableValues)) : 1;
    if (page) cost += multiplier * pagePoints(size);
    cost += nestedCost(child, group, fragments, variableValues, multiplier * size);
  }
  return cost;
}

const reachable = new WeakMap<GraphQLObjectType, boolean>();

/** Whether a paginated list of nestedListPages lies below `type`: the walk descends only where one does. */
function listsReachableFrom(type: GraphQLObjectType): boolean {
  let found = reachable.get(type);
  if (found === undefined) {
    found = searchLists(type, new Set());
    reachable.set(type, found);
  }
  return found;
}

function searchLists(type: GraphQLObjectType, seen: Set<string>): boolean {
  if (nestedListPages[type.name]) return true;
  if (seen.has(type.name)) return false;
  seen.add(type.name);
  return Object.values(type.getFields()).some((field) => {
    const child = getNamedType(field.type);
    return isObjectType(child) && searchLists(child, seen);
  });
}

/** The field's arguments as execution coerces them, or null when they do not coerce (execution will refuse them). */
function argumentsOf(
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  variableValues: VariableValues | undefined,
): Readonly<Record<string, unknown>> | null {
  try {
    return getArgumentValues(field, node, variableValues);
  } catch {
    return null;
  }
}

/** The page size the resolver will use: the default when absent, clamped to the maximum; the maximum when unknown. */
function pageSizeOf(page: ListPage, args: Readonly<Record<string, unknown>> | null): number {
  if (args === null) return page.maximum;
  const asked = args[page.argument];
  if (asked === undefined || asked === null) return page.default;
  return typeof asked === 'number' ? Math.min(Math.max(asked, 0), page.maximum) : page.maximum;
}

function pagePoints(size: number): number {
  return Math.ceil(size / itemsPerPoint);
}

/** Fields under `selectionSets` by response key, fragments expanded once each (graphql-js' collectFields). */
function collectFields(selectionSets: readonly SelectionSetNode[], fragments: Fragments): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  const visit = (selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const group = fields.get(key);
        if (group) group.push(selection);
        else fields.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const selectionSet of selectionSets) visit(selectionSet);
  return fields;
}

function fragmentsOf(document: DocumentNode): Fragments {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  return fragments;
}
