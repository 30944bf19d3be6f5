// The reference's own jsonb operators, written from the PostgreSQL manual (datatype-json,
// "jsonb Containment and Existence"; functions-json), sharing nothing with the compiler:
// containment `@>` / `<@`, key existence `?` `?|` `?&`, and the text form `::text` that a
// `_cast: { String: … }` compares.
//
// Containment: objects contain objects whose every pair they contain (recursively); arrays
// contain arrays whose every element is contained in some element of theirs (order and
// duplicates do not matter; a scalar element must equal a scalar element); scalars contain
// equal scalars. The one exception: a top-level array contains a top-level scalar it holds as an
// element (`'["a"]' @> '"a"'`), while a scalar never contains an array.

export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

const isObject = (value: Json): value is { readonly [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function scalarEqual(left: Json, right: Json): boolean {
  // jsonb numbers are numerics: 1 and 1.0 are equal; JSON.parse already made both plain numbers.
  return left === right;
}

function contains(left: Json, right: Json): boolean {
  if (isObject(right)) {
    if (!isObject(left)) return false;
    return Object.entries(right).every(
      ([key, value]) => Object.hasOwn(left, key) && contains(left[key] as Json, value),
    );
  }
  if (Array.isArray(right)) {
    if (!Array.isArray(left)) return false;
    return right.every((item) =>
      item !== null && typeof item === 'object'
        ? left.some((candidate) => candidate !== null && typeof candidate === 'object' && contains(candidate, item))
        : left.some(
            (candidate) => (candidate === null || typeof candidate !== 'object') && scalarEqual(candidate, item),
          ),
    );
  }
  if (left !== null && typeof left === 'object') return false;
  return scalarEqual(left, right);
}

/** `left @> right` on two top-level values. */
export function jsonbContains(left: Json, right: Json): boolean {
  const rightScalar = right === null || typeof right !== 'object';
  if (Array.isArray(left) && rightScalar) return contains(left, [right]);
  return contains(left, right);
}

/** `value ? key`: a top-level key of an object, a string element of an array, or the string itself. */
export function jsonbHasKey(value: Json, key: string): boolean {
  if (isObject(value)) return Object.hasOwn(value, key);
  if (Array.isArray(value)) return value.some((item) => item === key);
  return value === key;
}

/** jsonb's output text: objects with keys by (length, bytes), `": "` and `", "` between items. */
export function jsonbText(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort((a, b) => {
      const lengths = Buffer.byteLength(a) - Buffer.byteLength(b);
      return lengths !== 0 ? lengths : Buffer.compare(Buffer.from(a), Buffer.from(b));
    });
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbText(value[key] as Json)}`).join(', ')}}`;
  }
  // A jsonb number prints as the numeric it was written as; the stored values were written by
  // JavaScript (the demo seed), so their shortest decimal form. Exponents are not modelled.
  if (typeof value === 'number' && /e/i.test(String(value)))
    throw new Error(`reference: the text form of the jsonb number ${value} is not modelled`);
  return JSON.stringify(value);
}
