// A schema's canonical text (docs/spec-diff.md#openapi-rules): every `$ref` replaced by what it
// points at, keys sorted, and the words for people (description, title, examples) left out. Two
// schemas with the same text admit the same values, so the walk skips them and oneOf members are
// paired by it before any guess; a recursive schema stops at the reference that repeats.
import { isObject, refTarget, type OpenApiDocument } from './openapi-document.ts';

const forPeople = new Set([
  'description',
  'title',
  'summary',
  'example',
  'examples',
  '$comment',
  'externalDocs',
  'xml',
]);
/** Keywords whose array order means nothing. */
const unordered = new Set(['required', 'enum', 'type']);

function canonicalValue(document: OpenApiDocument, value: unknown, refs: readonly string[], key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonicalValue(document, item, refs));
    return unordered.has(key) ? items.map((item) => JSON.stringify(item)).sort() : items;
  }
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    const { $ref, ...beside } = value;
    const target = refs.includes($ref)
      ? { $cycle: $ref }
      : canonicalValue(document, refTarget(document, $ref), [...refs, $ref]);
    return Object.keys(beside).length === 0 ? target : { allOf: [target, canonicalValue(document, beside, refs)] };
  }
  const entries = Object.entries(value)
    .filter(([name]) => !forPeople.has(name) || key === 'properties')
    .map(([name, inner]) => [name, canonicalValue(document, inner, refs, key === 'properties' ? '' : name)] as const)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return Object.fromEntries(entries);
}

export function canonicalSchema(document: OpenApiDocument, schemas: readonly unknown[]): string {
  return JSON.stringify(schemas.map((schema) => canonicalValue(document, schema, [])));
}
