// What an openapi.yaml `$ref` that leads nowhere is told: the reference, the component it
// names and, when one is close, the component probably meant.
import { didYouMean } from 'graphql/jsutils/didYouMean.js';
import { suggestionList } from 'graphql/jsutils/suggestionList.js';
import { pointerToPath } from '../../../src/spec-problems/yaml-path.ts';

export function unresolvedRefMessage(document: unknown, ref: string): string {
  if (!ref.startsWith('#/')) return `$ref '${ref}' does not resolve: only references inside the file are supported`;
  const path = pointerToPath(ref);
  const name = String(path.at(-1));
  const container = path.slice(0, -1);
  let node: unknown = document;
  for (const segment of container) node = (node as Record<string, unknown> | undefined)?.[String(segment)];
  if (!node || typeof node !== 'object') return `$ref '${ref}' does not resolve: there is no ${container.join('.')}`;
  const names = Object.keys(node);
  return `$ref '${ref}' does not resolve: no '${name}' in ${container.join('.')}.${didYouMean(suggestionList(name, names))}`;
}
