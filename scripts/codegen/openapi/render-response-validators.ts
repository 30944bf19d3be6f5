// Precompiled response validators (ajv standalone, docs/requests.md#response-validation):
// one per operation and declared status whose content is JSON, exported as `<operationId>$<status>`
// (`getFund$200`, `getFund$default`), checked strictly and never changing the body. The service runs
// them on its own answers outside production (src/http/validate-response.ts), so a handler that
// drifts from openapi.yaml is caught where it is written, not by a client.
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { GeneratedFile } from '../shared/generated-file.ts';
import { createAjv, rewriteRefs, standaloneModule } from './ajv-standalone.ts';
import type { CollectedOperation } from './collect-operations.ts';
import type { JsonSchema, OpenApiDocument } from './openapi-document.ts';

/** The JSON schema of one response: `application/json` first, else the first `+json` type. */
function jsonSchemaOf(response: CollectedOperation['responses'][number]): JsonSchema | undefined {
  const content = response.response.content ?? {};
  const type =
    response.contentTypes.find((t) => t === 'application/json') ??
    response.contentTypes.find((t) => t.endsWith('+json'));
  return type ? content[type]?.schema : undefined;
}

export function renderResponseValidators(document: OpenApiDocument, operations: CollectedOperation[]): GeneratedFile {
  const ajv = createAjv(document, { coerce: false });
  const exports: Record<string, string> = {};
  for (const operation of operations)
    for (const response of operation.responses) {
      const schema = jsonSchemaOf(response);
      if (!schema) continue;
      const name = `${operation.operationId}$${response.status}`;
      ajv.addSchema(rewriteRefs(schema) as JsonSchema, name);
      exports[name] = name;
    }
  return {
    path: 'generated/openapi/validate-responses.ts',
    contents: standaloneModule(standaloneCode.default(ajv, exports)),
  };
}
