// The operations of openapi.yaml as the fuzzer needs them: method, path template, parameters and
// request body with their schemas (every `$ref` resolved), and which headers each response
// declares (a 503 or 429 that declares `Retry-After` must carry it).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type JsonSchema = Record<string, any>;

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** The path template, `/invoices/{invoiceId}`. */
  path: string;
  parameters: FuzzParameter[];
  /** Media type → schema; null when the operation takes no body. */
  body: { required: boolean; media: Record<string, JsonSchema> } | null;
  /** Status → the header names its response declares. */
  responses: Record<string, string[]>;
  /** The security schemes of each alternative (`[]` is "no credential"). */
  security: string[][];
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

export function readOpenapiOperations(file = new URL('../../openapi.yaml', import.meta.url)): FuzzOperation[] {
  const document = parse(readFileSync(file, 'utf8')) as Record<string, any>;
  const resolve = resolver(document);
  const operations: FuzzOperation[] = [];
  for (const [path, pathItem] of Object.entries(document.paths as Record<string, any>)) {
    for (const method of methods) {
      const operation = pathItem[method];
      if (!operation) continue;
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => {
        const resolved = resolve(parameter);
        return {
          name: resolved.name,
          in: resolved.in,
          required: resolved.required === true,
          schema: resolve(resolved.schema ?? {}),
        } as FuzzParameter;
      });
      const requestBody = operation.requestBody ? resolve(operation.requestBody) : null;
      const responses: Record<string, string[]> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        responses[status] = Object.keys(resolve(response).headers ?? {});
      }
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        parameters,
        body: requestBody
          ? {
              required: requestBody.required === true,
              media: Object.fromEntries(
                Object.entries(requestBody.content ?? {}).map(([type, media]: [string, any]) => [
                  type,
                  resolve(media.schema ?? {}),
                ]),
              ),
            }
          : null,
        responses,
        security: (operation.security ?? document.security ?? []).map((alternative: Record<string, unknown>) =>
          Object.keys(alternative),
        ),
      });
    }
  }
  return operations;
}

/** Resolves `$ref`s deeply; openapi.yaml has no recursive schema, and a cycle would throw. */
function resolver(document: Record<string, any>): (node: any) => any {
  const lookup = (ref: string): any => {
    if (!ref.startsWith('#/')) throw new Error(`only local references are supported: ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node, key) => node?.[key], document);
  };
  const resolve = (node: any, seen: readonly string[] = []): any => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, seen));
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      if (seen.includes(node.$ref)) throw new Error(`recursive reference ${node.$ref}`);
      return resolve(lookup(node.$ref), [...seen, node.$ref]);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, seen)]));
  };
  return resolve;
}
