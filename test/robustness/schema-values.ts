// Values for a JSON schema of openapi.yaml: valid-ish ones (the type, enum, pattern and format
// the schema asks for, so a request gets past validation into its handler) and wrong ones (other
// types, hostile text, sizes, nesting), for parameters and JSON bodies alike.
import type { Draw } from './draw.ts';
import { hostileText } from './hostile-strings.ts';
import type { JsonSchema } from './openapi-operations.ts';

/** Ids the demo data has for most integer keys (docs/demo-data.md): they reach real records. */
const demoIntegerIds = [1, 2, 3, 4, 5, 6, 7, 8];

export function validValue(draw: Draw, schema: JsonSchema, depth = 0): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return draw.pick(schema.enum);
  if (Array.isArray(schema.examples) && schema.examples.length > 0 && draw.chance(0.3))
    return draw.pick(schema.examples);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return validValue(draw, draw.pick(alternatives), depth);
  if (Array.isArray(schema.allOf)) return validValue(draw, mergeAll(schema.allOf), depth);
  const type = Array.isArray(schema.type) ? draw.pick(schema.type.filter((t: string) => t !== 'null')) : schema.type;
  switch (type ?? (schema.properties ? 'object' : 'string')) {
    case 'string':
      return validString(draw, schema);
    case 'integer':
      return validInteger(draw, schema);
    case 'number':
      return validInteger(draw, schema) + (draw.chance(0.5) ? 0.5 : 0);
    case 'boolean':
      return draw.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const count = draw.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4));
      return Array.from({ length: count }, () => validValue(draw, schema.items ?? {}, depth + 1));
    }
    case 'object':
      return validObject(draw, schema, depth);
    default:
      return draw.json(2);
  }
}

function validObject(draw: Draw, schema: JsonSchema, depth: number): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  const required = new Set<string>(schema.required ?? []);
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    if (property.readOnly) continue;
    if (required.has(name) || (depth < 4 && draw.chance(0.5))) value[name] = validValue(draw, property, depth + 1);
  }
  return value;
}

function validString(draw: Draw, schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return draw.chance(0.5) ? `11111111-0000-4000-8000-00000000000${draw.int(1, 3)}` : draw.uuid();
    case 'email':
      return `${draw.matching('^[a-z]{1,12}$')}@example.com`;
    case 'uri':
      return draw.pick(['https://app.example.org/portfolio', 'http://127.0.0.1/', 'https://evil.example/']);
    case 'date-time':
      return new Date(Date.UTC(2025, 0, 1) + draw.int(0, 400) * 86_400_000).toISOString();
  }
  if (typeof schema.pattern === 'string') {
    try {
      return draw.matching(schema.pattern);
    } catch {
      // A pattern fast-check cannot generate from: any short text.
    }
  }
  const min = schema.minLength ?? 1;
  const max = Math.max(min, Math.min(schema.maxLength ?? 24, 64));
  return draw.ascii(min, max);
}

function validInteger(draw: Draw, schema: JsonSchema): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -10);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 10_000);
  const demo = demoIntegerIds.filter((id) => id >= min && id <= max);
  return demo.length > 0 && draw.chance(0.7) ? draw.pick(demo) : draw.int(min, max);
}

function mergeAll(schemas: JsonSchema[]): JsonSchema {
  return schemas.reduce(
    (merged, schema) => ({
      ...merged,
      ...schema,
      properties: { ...merged.properties, ...schema.properties },
      required: [...(merged.required ?? []), ...(schema.required ?? [])],
    }),
    {},
  );
}

/** A value of the wrong type, or the right type at a hostile size or content. */
export function wrongValue(draw: Draw): unknown {
  return draw.weighted<() => unknown>([
    [3, () => draw.pick([null, true, false, 0, -1, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1])],
    [2, () => draw.pick(['', ' ', 'null', 'true', '0', '-1', '1e3', 'NaN', 'Infinity', '0x10', '１２'])],
    [4, () => hostileText(draw)],
    [2, () => draw.json(3)],
    [1, () => [validValue(draw, {}), hostileText(draw)]],
    // JSON.parse makes `__proto__` an own key, as a body parser would see it.
    [1, () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"toString":1}')],
    [1, () => hugeString(draw)],
    [1, () => deepNesting(draw.int(50, 1_000), draw.chance(0.5))],
  ])();
}

export function hugeString(draw: Draw): string {
  const unit = draw.pick(['a', 'é', '\u0000', '😀', '\ud800', '\\', '"', '%00']);
  return unit.repeat(draw.pick([10_000, 100_000, 300_000]) / unit.length);
}

/** Arrays or objects nested `levels` deep. */
export function deepNesting(levels: number, arrays: boolean): unknown {
  let value: unknown = 'x';
  for (let level = 0; level < levels; level++) value = arrays ? [value] : { a: value };
  return value;
}
