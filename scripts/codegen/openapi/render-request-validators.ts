// Precompiled request validators (ajv standalone, docs/code-generation.md). Parameters
// arrive as strings, so they are validated with type coercion; JSON bodies are validated strictly.
// An integer parameter's text must be canonical decimal before it is coerced
// (src/http/canonical-integer.ts): ajv's coercion reads `0x1` and `1e0` as 1.
import standaloneCode from 'ajv/dist/standalone/index.js';
import { canonicalIntegerPattern } from '../../../src/http/canonical-integer.ts';
import type { GeneratedFile } from '../shared/generated-file.ts';
import { createAjv, rewriteRefs, standaloneModule } from './ajv-standalone.ts';
import type { CollectedOperation } from './collect-operations.ts';
import type { JsonSchema, OpenApiDocument, ParameterObject } from './openapi-document.ts';

function parameterGroup(
  parameters: ParameterObject[],
  location: ParameterObject['in'],
  document: OpenApiDocument,
): JsonSchema {
  const selected = parameters.filter((p) => p.in === location);
  // Header names are case-insensitive; Node lower-cases them, so the schema does too.
  const key = (p: ParameterObject) => (location === 'header' ? p.name.toLowerCase() : p.name);
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [key(p), parameterSchema(p.schema ?? {}, document)])),
    required: selected.filter((p) => p.required).map(key),
  };
}

/**
 * An integer parameter's schema behind the canonical-decimal pattern: `allOf` runs the pattern
 * on the text as it came (a pattern applies to strings only), then the schema coerces it.
 */
function parameterSchema(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  const resolved = resolveSchema(schema, document);
  if (resolved.type !== 'integer') return rewriteRefs(schema) as JsonSchema;
  const negativesAllowed = typeof resolved.minimum !== 'number' || resolved.minimum < 0;
  return { allOf: [{ pattern: canonicalIntegerPattern(negativesAllowed) }, rewriteRefs(schema)] };
}

function resolveSchema(schema: JsonSchema, document: OpenApiDocument): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return schema;
  return resolveSchema(document.components?.schemas?.[ref.slice('#/components/schemas/'.length)] ?? {}, document);
}

export function renderRequestValidators(document: OpenApiDocument, operations: CollectedOperation[]): GeneratedFile[] {
  const parameterAjv = createAjv(document, { coerce: true });
  const bodyAjv = createAjv(document, { coerce: false });
  const parameterExports: Record<string, string> = {};
  const bodyExports: Record<string, string> = {};
  for (const operation of operations) {
    const id = operation.operationId;
    parameterAjv.addSchema(
      {
        type: 'object',
        properties: {
          path: parameterGroup(operation.parameters, 'path', document),
          query: parameterGroup(operation.parameters, 'query', document),
          headers: parameterGroup(operation.parameters, 'header', document),
          cookies: parameterGroup(operation.parameters, 'cookie', document),
        },
      },
      id,
    );
    parameterExports[id] = id;
    const jsonSchema = operation.requestBody?.schemas['application/json'];
    if (jsonSchema) {
      bodyAjv.addSchema(rewriteRefs(jsonSchema) as JsonSchema, id);
      bodyExports[id] = id;
    }
  }
  return [
    {
      path: 'generated/openapi/validate-parameters.ts',
      contents: standaloneModule(standaloneCode.default(parameterAjv, parameterExports)),
    },
    {
      path: 'generated/openapi/validate-bodies.ts',
      contents: standaloneModule(standaloneCode.default(bodyAjv, bodyExports)),
    },
  ];
}
