// The key of a cached business query result (docs/caches.md#result-cache): the operation,
// the caller's scope and the arguments in canonical JSON, so the same question asked with its
// arguments in another order finds the same entry, and two scopes never share one.
import { createHash } from 'node:crypto';
import { canonicalJson } from './json-plain.ts';

declare const resultKeyBrand: unique symbol;

/** A key built by `resultKey`, never a string put together elsewhere. */
export type ResultKey = string & { readonly [resultKeyBrand]: true };

/** Keys longer than this are hashed, so a request with large arguments cannot make large keys. */
export const longestReadableKey = 200;

/** A GraphQL field name: no `:` or `"`, so the parts of a key cannot run into each other. */
const operationName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `operation:"scope":{canonical arguments}`, e.g. `wallets:"all":{"limit":20,"offset":0}`; when
 * longer than `longestReadableKey`, `operation:sha256:<hex of that text>` instead.
 * `callerScope` is what bounds the caller's view: the organization an API key is bound to, or
 * `all` for a key that sees every organization. An argument field holding `undefined` counts as
 * absent; any other value that is not JSON-plain is refused.
 */
export function resultKey(operation: string, args: Readonly<Record<string, unknown>>, callerScope: string): ResultKey {
  if (!operationName.test(operation))
    throw new TypeError(`result key: operation must be a GraphQL field name, got ${JSON.stringify(operation)}`);
  if (typeof callerScope !== 'string' || callerScope === '')
    throw new TypeError('result key: callerScope must be a non-empty string (an organization id, or all)');
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    throw new TypeError('result key: args must be an object of the operation arguments');
  const text = `${operation}:${JSON.stringify(callerScope)}:${canonicalJson(args, `arguments of ${operation}`)}`;
  if (text.length <= longestReadableKey) return text as ResultKey;
  return `${operation}:sha256:${createHash('sha256').update(text).digest('hex')}` as ResultKey;
}
