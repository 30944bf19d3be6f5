// openapi.yaml → the SDK's REST operation table and per-operation types (docs/sdk.md#rest): how
// to call each operationId (method, path, security, body kind, declared error statuses) and what
// it takes and answers, spelled with openapi-typescript's `operations` types. The error type of
// an operation is the union of its declared error answers, each with the `code`s its status can
// carry (docs/error-codes.md), so a `switch` on `status` and `code` is exhaustive.
import { type CollectedOperation, collectOperations } from '../openapi/collect-operations.ts';
import { type JsonSchema, type OpenApiDocument, resolveRef } from '../openapi/openapi-document.ts';
import { type GeneratedFile, tsBanner } from '../shared/generated-file.ts';
import type { ErrorCodeTable } from './error-code-table.ts';

const sourceName = 'openapi.yaml';

export function renderRestOperations(document: OpenApiDocument, errors: ErrorCodeTable): GeneratedFile {
  const operations = collectOperations(document);
  const lines = [
    tsBanner('scripts/codegen/sdk', sourceName),
    '// The REST operations of openapi.yaml for the SDK: the table the runtime calls them by, and their types.',
    "import type { RestError, RestOperationSpec } from '../runtime/rest-client.ts';",
    "import type { SecuritySchemeSpec } from '../runtime/client-options.ts';",
    "import type { GraphqlErrorCode } from './error-codes.ts';",
    "import type { operations } from './rest-types.ts';",
    '',
    '/** How each security scheme of openapi.yaml travels. */',
    `export const securitySchemes = ${JSON.stringify(securitySchemes(document))} as const satisfies Record<string, SecuritySchemeSpec>;`,
    '',
    '/** Every operation by operationId: method, path template, security alternatives, body kind, declared error statuses. */',
    'export const restOperationTable = {',
    ...operations.map((operation) => `  ${operation.operationId}: ${JSON.stringify(tableRow(operation))},`),
    '} as const satisfies Record<string, RestOperationSpec>;',
    '',
    '/** What each operation takes (`input`), answers on success (`data`) and on a declared error (`error`). */',
    'export interface RestOperations {',
    ...operations.flatMap((operation) => renderTypes(document, operation, errors)),
    '}',
    '',
  ];
  return { path: 'sdk/src/generated/rest-operations.ts', contents: lines.join('\n') };
}

function securitySchemes(document: OpenApiDocument): Record<string, { in: string; name?: string }> {
  const schemes = (document.components?.securitySchemes ?? {}) as Record<
    string,
    { type: string; in?: string; name?: string; scheme?: string }
  >;
  return Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => {
      if (scheme.type === 'http' && scheme.scheme === 'bearer') return [name, { in: 'bearer' }];
      if (scheme.type === 'apiKey' && scheme.in && scheme.name) return [name, { in: scheme.in, name: scheme.name }];
      throw new Error(`openapi.yaml security scheme ${name}: the SDK supports bearer and apiKey schemes only`);
    }),
  );
}

function tableRow(operation: CollectedOperation) {
  const body = operation.requestBody?.contentTypes[0];
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    security: operation.security,
    ...(body ? { body: body === 'multipart/form-data' ? 'multipart' : 'json' } : {}),
    errors: errorResponses(operation).map((response) => Number(response.status)),
  };
}

const errorResponses = (operation: CollectedOperation) =>
  operation.responses.filter((response) => Number(response.status) >= 400);
const successResponses = (operation: CollectedOperation) =>
  operation.responses.filter((response) => Number(response.status) < 400);

function renderTypes(document: OpenApiDocument, operation: CollectedOperation, errors: ErrorCodeTable): string[] {
  const op = `operations['${operation.operationId}']`;
  const input = inputMembers(operation, op);
  const required = input.some((member) => !member.includes('?:'));
  return [
    `  /** ${operation.summary.replace(/\*\//g, '*\\/')}: \`${operation.method.toUpperCase()} ${operation.path}\` */`,
    `  ${operation.operationId}: {`,
    `    input: ${input.length > 0 ? `{ ${input.join('; ')} }` : '{}'};`,
    `    inputRequired: ${required};`,
    `    data:${union(successResponses(operation).flatMap((response) => contentTypes(op, response)))};`,
    `    error:${union(errorResponses(operation).map((response) => errorType(document, op, response, errors)))};`,
    '  };',
  ];
}

function inputMembers(operation: CollectedOperation, op: string): string[] {
  const members: string[] = [];
  for (const location of ['path', 'query', 'header'] as const) {
    const parameters = operation.parameters.filter((parameter) => parameter.in === location);
    if (parameters.length === 0) continue;
    const optional = parameters.every((parameter) => !parameter.required);
    members.push(`${location}${optional ? '?' : ''}: NonNullable<${op}['parameters']['${location}']>`);
  }
  const body = operation.requestBody;
  if (body) {
    const type = body.contentTypes[0] ?? 'application/json';
    const content = `NonNullable<${op}['requestBody']>['content']['${type}']`;
    members.push(
      `body${body.required ? '' : '?'}: ${type === 'multipart/form-data' ? `${content} | FormData` : content}`,
    );
  }
  return members;
}

type CollectedResponse = CollectedOperation['responses'][number];

function contentTypes(op: string, response: CollectedResponse): string[] {
  if (response.contentTypes.length === 0) return ['undefined'];
  return response.contentTypes.map((type) => `${op}['responses'][${response.status}]['content']['${type}']`);
}

/** `RestError<status, code, body>`: `code` from the error table for a REST `Error` body, the GraphQL codes for a GraphQL body, else null. */
function errorType(document: OpenApiDocument, op: string, response: CollectedResponse, errors: ErrorCodeTable): string {
  const status = Number(response.status);
  const type = response.contentTypes.find((content) => /json/.test(content));
  const body = type ? `${op}['responses'][${status}]['content']['${type}']` : 'string';
  const schema = type ? resolveSchema(document, response.response.content?.[type]?.schema) : undefined;
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  let code = 'null';
  if ('code' in properties) {
    const codes = errors.codesOfStatus(status);
    if (codes.length === 0) throw new Error(`${op}: no ErrorCode has status ${status} (docs/error-codes.md)`);
    code = codes.map((name) => `'${name}'`).join(' | ');
  } else if ('errors' in properties) {
    code = 'GraphqlErrorCode';
  }
  return `RestError<${status}, ${code}, ${body}>`;
}

function resolveSchema(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  return schema ? resolveRef<JsonSchema>(document, schema as never) : undefined;
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  if (unique.length === 0) return ' never';
  return unique.length === 1 ? ` ${unique[0]}` : `\n      | ${unique.join('\n      | ')}`;
}
