// The ajv set-up every precompiled openapi.yaml validator shares (docs/code-generation.md): JSON
// Schema 2020-12 with the formats, the OpenAPI annotations tolerated, `components.schemas` added
// once under one id that every `$ref` is rewritten to, and the standalone output wrapped as a
// generated module.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { tsBanner } from '../shared/generated-file.ts';
import type { JsonSchema, OpenApiDocument } from './openapi-document.ts';

const componentsId = 'openapi-components';
// OpenAPI annotations that are not JSON Schema validation keywords.
const annotationKeywords = ['example', 'xml', 'externalDocs', 'discriminator'];

/** `#/components/schemas/X` → the shared components schema's `$defs/X`, everywhere in `value`. */
export function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) =>
        key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')
          ? [key, `${componentsId}#/$defs/${child.slice('#/components/schemas/'.length)}`]
          : [key, rewriteRefs(child)],
      ),
    );
  }
  return value;
}

/**
 * `coerce`: parameters arrive as text, so they are coerced (and take their defaults); bodies, in
 * either direction, are checked as they are and never changed.
 */
export function createAjv(document: OpenApiDocument, { coerce }: { coerce: boolean }) {
  const ajv = new Ajv2020({
    code: { source: true, esm: true },
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    strict: false,
    useDefaults: coerce,
  });
  addFormats.default(ajv);
  for (const keyword of annotationKeywords) ajv.addKeyword(keyword);
  ajv.addSchema({ $id: componentsId, $defs: rewriteRefs(document.components?.schemas ?? {}) as JsonSchema });
  return ajv;
}

export function standaloneModule(source: string): string {
  // Standalone output is plain JavaScript; it is checked by its generator, not by tsc.
  // ajv's ESM output still calls require() for its runtime helpers and formats.
  const prelude = "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n";
  return `${tsBanner('ajv standalone (scripts/codegen/openapi)', 'openapi.yaml')}// @ts-nocheck\n/* eslint-disable */\n${prelude}${source.replace(/^"use strict";/, '')}\n`;
}
