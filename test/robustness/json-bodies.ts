// JSON request bodies for an operation's schema: valid ones, and the ways a body goes wrong
// (docs/requests.md#the-router): wrong types per property, missing and extra fields, other
// top-level values, malformed JSON text, NUL and invalid UTF-8 bytes, huge strings, deep nesting.
import type { Draw } from './draw.ts';
import { hostileText } from './hostile-strings.ts';
import type { JsonSchema } from './openapi-operations.ts';
import { deepNesting, hugeString, validValue, wrongValue } from './schema-values.ts';

export interface DrawnBody {
  body: string | Buffer;
  variant: string;
}

export function drawJsonBody(draw: Draw, schema: JsonSchema): DrawnBody {
  const valid = () => validValue(draw, schema);
  return draw.weighted<() => DrawnBody>([
    [6, () => ({ body: JSON.stringify(valid()), variant: 'valid' })],
    [4, () => ({ body: JSON.stringify(withWrongProperty(draw, valid(), schema)), variant: 'wrong-property' })],
    [2, () => ({ body: JSON.stringify(withoutProperty(draw, valid())), variant: 'missing-required' })],
    [2, () => ({ body: JSON.stringify(withExtraProperty(draw, valid())), variant: 'extra-property' })],
    [2, () => ({ body: JSON.stringify(wrongValue(draw)) ?? 'undefined', variant: 'wrong-top-level' })],
    [4, () => ({ body: malformJson(draw, JSON.stringify(valid()) ?? '{}'), variant: 'malformed-json' })],
    [2, () => ({ body: withInvalidUtf8(draw, JSON.stringify(valid()) ?? '{}'), variant: 'invalid-utf8' })],
    [1, () => ({ body: '', variant: 'empty' })],
    [1, () => ({ body: JSON.stringify({ ...asObject(valid()), padding: hugeString(draw) }), variant: 'huge-string' })],
    [1, () => ({ body: 'x'.repeat(1_100_000), variant: 'over-1MiB' })],
    [1, () => ({ body: deepText(draw), variant: 'deep-nesting' })],
    [
      1,
      () => ({ body: JSON.stringify(deepNesting(draw.int(100, 2_000), draw.chance(0.5))), variant: 'nested-object' }),
    ],
  ])();
}

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function propertyNames(value: unknown, schema: JsonSchema): string[] {
  const names = new Set([...Object.keys(asObject(value)), ...Object.keys(schema.properties ?? {})]);
  for (const alternative of schema.oneOf ?? schema.anyOf ?? [])
    for (const name of Object.keys(alternative.properties ?? {})) names.add(name);
  return [...names];
}

function withWrongProperty(draw: Draw, value: unknown, schema: JsonSchema): unknown {
  const names = propertyNames(value, schema);
  if (names.length === 0) return wrongValue(draw);
  return { ...asObject(value), [draw.pick(names)]: wrongValue(draw) };
}

/** Valid objects hold their required properties (and some optional ones): one goes. */
function withoutProperty(draw: Draw, value: unknown): unknown {
  const object = { ...asObject(value) };
  const names = Object.keys(object);
  if (names.length > 0) delete object[draw.pick(names)];
  return object;
}

function withExtraProperty(draw: Draw, value: unknown): unknown {
  const name = draw.pick(['extra', '', '__proto__', 'constructor', hostileText(draw), 'a'.repeat(10_000)]);
  const object = { ...asObject(value) };
  // Defined, not assigned: `__proto__` must become an own key, as JSON.parse would make it.
  Object.defineProperty(object, name, { value: wrongValue(draw), enumerable: true });
  return object;
}

/** Text that is almost JSON. */
export function malformJson(draw: Draw, json: string): string {
  const cut = draw.int(0, json.length);
  return draw.pick([
    () => json.slice(0, cut),
    () =>
      `${json.slice(0, cut)}${draw.pick(['"', ',', '}', ']', '\\', '\u0000', '\\u', '\\ud800', '\\x41'])}${json.slice(cut)}`,
    () => json.replace(/"/g, "'"),
    () => `${json.replace(/}$/, ',}')}`,
    () => `\ufeff${json}`,
    () => `${json}${json}`,
    () => `${json} // comment`,
    () => json.replace(/:\s*[0-9.]+/, `: ${'9'.repeat(draw.pick([30, 400, 5_000]))}`),
    () => json.replace(/:\s*[0-9.]+/, ': 1e999999'),
    () => json.replace(/:\s*"[^"]*"/, ': NaN'),
    () => json.replace(/^\{/, '{"a":1,"a":2,'),
    () => draw.pick(['{', '[', '"', 'nul', 'tru', '{"a":}', '{"a" 1}', '{,}', '[1,]', '0x10', '01', '.5', '-']),
    () => draw.text(40),
  ])();
}

/** The JSON's bytes with invalid UTF-8 inside (a lone continuation byte, an overlong NUL, a surrogate). */
export function withInvalidUtf8(draw: Draw, json: string): Buffer {
  const bytes = Buffer.from(json, 'utf8');
  const bad = Buffer.from(
    draw.pick([[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]]),
  );
  const quote = bytes.indexOf(0x22, draw.int(0, bytes.length));
  const at = quote >= 0 ? quote + 1 : draw.int(0, bytes.length);
  return Buffer.concat([bytes.subarray(0, at), bad, bytes.subarray(at)]);
}

/** A JSON value nested 1,000 to 100,000 levels deep, as text: JSON.stringify itself overflows on such values. */
export function deepText(draw: Draw): string {
  const levels = draw.pick([1_000, 10_000, 100_000]);
  return draw.chance(0.5)
    ? `${'['.repeat(levels)}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}
