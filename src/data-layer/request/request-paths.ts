// JSON paths into a GraphQL request for `extensions.path` (Hasura's style):
// `$.selectionSet.invoice.args.where.status._eq`, `$.selectionSet.invoice.selectionSet.id`.
import { Kind, visit, type ASTNode, type DocumentNode } from 'graphql';

function segment(node: ASTNode, key: string | number | undefined): string | null {
  switch (node.kind) {
    case Kind.FIELD:
      return `selectionSet.${(node.alias ?? node.name).value}`;
    case Kind.ARGUMENT:
      return `args.${node.name.value}`;
    case Kind.OBJECT_FIELD:
      return node.name.value;
    case Kind.VARIABLE_DEFINITION:
      return `variableDefinitions.${node.variable.name.value}`;
    default:
      return typeof key === 'number' && (node.kind.endsWith('Value') || node.kind === Kind.VARIABLE)
        ? `[${key}]`
        : null;
  }
}

/** The path of every node of the document (computed only when an error needs one). */
export function nodePaths(document: DocumentNode): Map<ASTNode, string> {
  const paths = new Map<ASTNode, string>();
  const stack: string[] = [];
  visit(document, {
    enter(node, key) {
      let path: string;
      if (node.kind === Kind.OPERATION_DEFINITION) path = '$';
      else if (node.kind === Kind.FRAGMENT_DEFINITION) path = `$.fragments.${node.name.value}`;
      else {
        const parent = stack.at(-1) ?? '$';
        const part = segment(node, key);
        path = part === null ? parent : part.startsWith('[') ? `${parent}${part}` : `${parent}.${part}`;
      }
      stack.push(path);
      paths.set(node, path);
    },
    leave() {
      stack.pop();
    },
  });
  return paths;
}

export function joinPath(parent: string, ...parts: readonly (string | number)[]): string {
  return parts.reduce<string>(
    (path, part) => (typeof part === 'number' ? `${path}[${part}]` : `${path}.${part}`),
    parent,
  );
}
