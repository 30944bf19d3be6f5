// openapi.yaml at two versions, operation by operation (docs/spec-diff.md#openapi-rules).
// Operations match by method and path with parameter names blanked (`/invoices/{}`), so renaming
// a path parameter is no change; a path that differs otherwise is a removal and an addition.
// Locations name the operation as `METHOD /path` of the newer version (of the older when removed).
import { compareRequestBodies, compareResponses } from './compare-messages.ts';
import { compareParameters, parametersOf } from './compare-parameters.ts';
import { alternatives, compareSecurity } from './compare-security.ts';
import { found, type Found } from './openapi-change-kinds.ts';
import { isObject, mapping, resolve, type Json, type OpenApiDocument } from './openapi-document.ts';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  readonly name: string;
  readonly path: string;
  readonly pathItem: Json;
  readonly operation: Json;
}

function operationsOf(document: OpenApiDocument): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, raw] of Object.entries(mapping(document.root.paths))) {
    const pathItem = resolve(document, raw);
    if (!isObject(pathItem)) continue;
    for (const method of methods) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const key = `${method} ${path.replace(/\{[^}]*\}/g, '{}')}`;
      operations.set(key, { name: `${method.toUpperCase()} ${path}`, path, pathItem, operation });
    }
  }
  return operations;
}

function compareOperation(
  documents: { before: OpenApiDocument; after: OpenApiDocument },
  was: Operation,
  now: Operation,
): Found[] {
  const where = now.name;
  const [left, right] = [was.operation, now.operation];
  const renamed =
    left.operationId !== undefined && left.operationId !== right.operationId
      ? [
          found(
            'operation-id-changed',
            where,
            `operationId ${String(left.operationId)} -> ${right.operationId === undefined ? '(none)' : String(right.operationId)}`,
          ),
        ]
      : [];
  const deprecated =
    left.deprecated !== true && right.deprecated === true ? [found('operation-deprecated', where, 'deprecated')] : [];
  return [
    ...renamed,
    ...deprecated,
    ...compareSecurity(alternatives(documents.before, left), alternatives(documents.after, right), where),
    ...compareParameters(
      documents,
      parametersOf(documents.before, was.path, was.pathItem, left),
      parametersOf(documents.after, now.path, now.pathItem, right),
      where,
    ),
    ...compareRequestBodies(documents, left, right, where),
    ...compareResponses(documents, left, right, where),
  ];
}

export function diffOpenApi(before: OpenApiDocument, after: OpenApiDocument): Found[] {
  const [was, now] = [operationsOf(before), operationsOf(after)];
  return [...new Set([...was.keys(), ...now.keys()])].flatMap((key) => {
    const [left, right] = [was.get(key), now.get(key)];
    if (right === undefined) return left ? [found('operation-removed', left.name, `${left.name} removed`)] : [];
    if (left === undefined) return [found('operation-added', right.name, `${right.name} added`)];
    return compareOperation({ before, after }, left, right);
  });
}
