// How deeply the JSON values of a GraphQL request (`variables`, `extensions`) may nest, measured
// without recursion before anything walks them (docs/requests.md#json-nesting). JSON.parse does
// not recurse, but every later walk does: the unstorable-text check, graphql-js' coercion of a
// JSON scalar, JSON.stringify of a cache key or a log line. A 1 MiB body holds 500,000 levels of
// `[`; 12,000 overflowed the stack and answered 500. Both GraphQL endpoints, and the subscription
// server for each `subscribe` message, check a request's values with `graphqlValuesViolation`.

/** The document limit's depth (document-limits.ts): no real variable comes near it. */
export const maxJsonValueDepth = 100;

/** A JSON request body: the object holding the values, and values up to their limit. */
export const maxJsonBodyDepth = maxJsonValueDepth + 1;

/**
 * Levels of arrays and objects open at once in `value` (a scalar is 0, `[]` and `{}` are 1),
 * counted with an explicit stack; stops as soon as `stopAbove` is exceeded.
 */
export function jsonNestingDepth(value: unknown, stopAbove = Infinity): number {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let deepest = 0;
  while (pending.length > 0) {
    const { value: item, depth } = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth: level });
    }
  }
  return deepest;
}

/** Why `value`, the request's `field`, is refused, naming the limit; null when within it. */
export function jsonNestingViolation(field: string, value: unknown, maxDepth = maxJsonValueDepth): string | null {
  if (jsonNestingDepth(value, maxDepth) <= maxDepth) return null;
  return `the JSON of ${field} is nested deeper than ${maxDepth} levels of arrays and objects; at most ${maxDepth} are accepted`;
}

/**
 * Why a GraphQL request's `variables` or `extensions` are refused, or null: POST /graphql (the
 * Koa route and the fast lane), POST /v1/graphql, and a graphql-ws `subscribe` message's payload.
 */
export function graphqlValuesViolation(request: {
  readonly variables?: unknown;
  readonly extensions?: unknown;
}): string | null {
  return jsonNestingViolation('variables', request.variables) ?? jsonNestingViolation('extensions', request.extensions);
}
