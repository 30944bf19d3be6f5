// JSON-plain values, the only kind the result cache keeps (docs/caches.md#result-cache):
// null, booleans, finite numbers, strings, arrays and plain objects of them. Anything JSON would
// change on the way through (a Date becomes a string, undefined and functions vanish, NaN becomes
// null, a Map becomes {}) is refused with its path, so a cached answer never differs from a fresh one.

/** Whether an object field holding `undefined` is refused (values) or read as absent (key arguments). */
type UndefinedFields = 'refuse' | 'absent';

/** The JSON text of `value`; throws a TypeError naming the first part that is not JSON-plain. */
export function jsonText(value: unknown, what: string): string {
  checkPlain(value, '$', new Set(), what, 'refuse');
  return JSON.stringify(value);
}

/**
 * JSON text with object keys sorted and `undefined` fields left out, so equal arguments give equal
 * text whatever order their keys were written in. Throws like `jsonText` on anything else.
 */
export function canonicalJson(value: unknown, what: string): string {
  checkPlain(value, '$', new Set(), what, 'absent');
  return canonical(value);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}

function checkPlain(value: unknown, path: string, ancestors: Set<object>, what: string, fields: UndefinedFields): void {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) refuse(what, path, String(value));
    return;
  }
  if (typeof value !== 'object') refuse(what, path, value === undefined ? 'undefined' : `a ${typeof value}`);
  if (ancestors.has(value)) refuse(what, path, 'a reference to an enclosing object (a cycle)');
  ancestors.add(value);
  if (Array.isArray(value)) checkArray(value, path, ancestors, what, fields);
  else checkObject(value, path, ancestors, what, fields);
  ancestors.delete(value);
}

function checkArray(value: unknown[], path: string, ancestors: Set<object>, what: string, fields: UndefinedFields) {
  for (let index = 0; index < value.length; index += 1) {
    if (!(index in value)) refuse(what, `${path}[${index}]`, 'a hole');
    checkPlain(value[index], `${path}[${index}]`, ancestors, what, fields);
  }
}

function checkObject(value: object, path: string, ancestors: Set<object>, what: string, fields: UndefinedFields) {
  const prototype: unknown = Object.getPrototypeOf(value);
  // graphql-js builds argument objects without a prototype; those are plain too.
  if (prototype !== Object.prototype && prototype !== null) refuse(what, path, `a ${className(value)}`);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (record[key] === undefined && fields === 'absent') continue;
    checkPlain(record[key], fieldPath(path, key), ancestors, what, fields);
  }
}

function className(value: object): string {
  const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? name : 'class instance';
}

function fieldPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function refuse(what: string, path: string, found: string): never {
  throw new TypeError(
    `${what} must be JSON-plain (null, booleans, finite numbers, strings, arrays, plain objects): ` +
      `${path} is ${found} (docs/caches.md#result-cache)`,
  );
}
