// Fields of one or more selection sets by response key, with fragments expanded and
// @skip/@include applied (GraphQL's CollectFields). Fields sharing a key are merged, as
// validation guarantees they are the same field with the same arguments.
import { GraphQLBoolean, Kind, type FieldNode, type SelectionSetNode } from 'graphql';
import { DataLayerError } from '../data-layer-error.ts';
import { resolveNow } from './input-values.ts';
import type { PlanContext } from './plan-context.ts';
import { joinPath } from './request-paths.ts';

type Selection = SelectionSetNode['selections'][number];

function included(selection: Selection, context: PlanContext, path: string): boolean {
  for (const directive of selection.directives ?? []) {
    const name = directive.name.value;
    if (name !== 'skip' && name !== 'include') continue;
    const argument = directive.arguments?.find((found) => found.name.value === 'if');
    if (!argument) continue;
    const value = resolveNow({ ast: argument.value }, GraphQLBoolean, context, path) === true;
    if ((name === 'skip' && value) || (name === 'include' && !value)) return false;
  }
  return true;
}

export function collectFields(
  selectionSets: readonly SelectionSetNode[],
  context: PlanContext,
  path: string,
  depth: number,
): Map<string, FieldNode[]> {
  if (depth > context.limits.maxDepth) {
    throw new DataLayerError(
      'VALIDATION_FAILED',
      `the query nests deeper than ${context.limits.maxDepth} levels`,
      path,
    );
  }
  const fields = new Map<string, FieldNode[]>();
  const visitedFragments = new Set<string>();
  const visit = (selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      if (!included(selection, context, path)) continue;
      if (selection.kind === Kind.FIELD) {
        const key = (selection.alias ?? selection.name).value;
        const existing = fields.get(key);
        if (existing) existing.push(selection);
        else fields.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        const name = selection.name.value;
        if (visitedFragments.has(name)) continue;
        visitedFragments.add(name);
        const fragment = context.fragments.get(name);
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  for (const selectionSet of selectionSets) visit(selectionSet);
  context.countFields(fields.size, path);
  return fields;
}

/** The sub-selections of fields merged under one response key. */
export function subSelections(nodes: readonly FieldNode[]): SelectionSetNode[] {
  return nodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
}

export function fieldPath(parent: string, key: string): string {
  return joinPath(parent, 'selectionSet', key);
}
