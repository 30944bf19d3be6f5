// Every REST response a test sees is checked against openapi.yaml (docs/testing.md#what-a-test-gets):
// the status must be declared for the operation, the content type must be one it declares, and
// a JSON body must match its schema.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { operations } from '../../generated/openapi/operations.ts';

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

const document = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as Document;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
for (const keyword of ['example', 'xml', 'externalDocs', 'discriminator']) ajv.addKeyword(keyword);
ajv.addSchema({ $id: 'openapi.yaml', components: document.components });

const routes = Object.values(operations).map((operation) => ({
  operation,
  pattern: new RegExp(
    `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`,
  ),
}));

function resolve(value: unknown): Record<string, unknown> {
  let current = value as Record<string, unknown>;
  while (typeof current?.$ref === 'string') {
    const ref = current.$ref as string;
    current = ref
      .slice(2)
      .split('/')
      .reduce<any>((node, key) => node?.[key], document);
  }
  return current;
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(
  operationPath: string,
  method: string,
  status: string,
  contentType: string,
): ValidateFunction | null {
  const key = `${method} ${operationPath} ${status} ${contentType}`;
  if (validators.has(key)) return validators.get(key) ?? null;
  const pathItem = document.paths[operationPath]?.[method.toLowerCase()];
  const response = resolve(pathItem?.responses[status]);
  const media = (response.content as Record<string, { schema?: unknown }> | undefined)?.[contentType];
  if (!media?.schema) return null;
  const schema = JSON.parse(JSON.stringify(media.schema).replace(/"#\/components\//g, '"openapi.yaml#/components/'));
  const validate = ajv.compile(schema);
  validators.set(key, validate);
  return validate;
}

export class ContractViolation extends Error {}

export function assertMatchesContract(
  method: string,
  pathname: string,
  status: number,
  contentType: string | null,
  body: string,
): void {
  const route = routes.find((r) => r.operation.method === method && r.pattern.test(pathname));
  if (!route) {
    if (status === 404 || status === 405) return assertErrorBody(status, contentType, body);
    throw new ContractViolation(`${method} ${pathname} is not an operation of openapi.yaml`);
  }
  const declared = (route.operation.responses as Record<string, readonly string[]>)[String(status)];
  if (!declared)
    throw new ContractViolation(`${route.operation.operationId}: status ${status} is not declared in openapi.yaml`);
  if (declared.length === 0) {
    if (body.length > 0)
      throw new ContractViolation(`${route.operation.operationId}: ${status} declares no body but got one`);
    return;
  }
  const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
  // A declared media range (`*/*`, `image/*`) admits every type it covers (RFC 9110 §12.5.1).
  const covers = (declaredType: string) => {
    const range = declaredType.split(';')[0]?.trim() ?? '';
    return range === mediaType || range === '*/*' || (range.endsWith('/*') && mediaType.startsWith(range.slice(0, -1)));
  };
  const match = declared.find((type) => type.split(';')[0]?.trim() === mediaType) ?? declared.find(covers);
  if (!match)
    throw new ContractViolation(
      `${route.operation.operationId}: ${status} content type '${contentType}' is not one of ${declared.join(', ')}`,
    );
  if (!/json/.test(mediaType)) return;
  const validate = validatorFor(route.operation.path, method, String(status), match);
  if (validate && !validate(JSON.parse(body))) {
    throw new ContractViolation(
      `${route.operation.operationId}: ${status} body does not match openapi.yaml: ${ajv.errorsText(validate.errors)}\n${body}`,
    );
  }
}

const errorSchema = ajv.compile({ $ref: 'openapi.yaml#/components/schemas/Error' });

function assertErrorBody(status: number, contentType: string | null, body: string): void {
  if (!contentType?.includes('application/json') || !errorSchema(JSON.parse(body))) {
    throw new ContractViolation(`${status} for an unknown route must carry the Error body: ${body}`);
  }
}
