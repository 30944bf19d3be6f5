// Integer parameters (path, query, header) are accepted only in canonical decimal form
// (docs/requests.md#the-router): parameters arrive as text, and the validators' type coercion
// alone reads text as JavaScript's Number() does, so `/invoices/0x1`, `/invoices/1e0`,
// `/invoices/01` and `/invoices/%201` all read invoice 1. The code generator puts this pattern
// before every `type: integer` parameter schema of openapi.yaml
// (scripts/codegen/openapi/render-request-validators.ts); the validator names it with this message.

/** Digits without a leading zero (0 alone aside); a minus sign only where the schema allows negatives. */
export function canonicalIntegerPattern(negativesAllowed: boolean): string {
  return negativesAllowed ? '^(0|-?[1-9][0-9]*)$' : '^(0|[1-9][0-9]*)$';
}

export const canonicalIntegerMessage =
  'must be an integer in plain decimal digits (no sign, leading zero, exponent, hex prefix or spaces)';

/** Whether a failed `pattern` is this rule, to answer with its message rather than the regular expression. */
export function isCanonicalIntegerPattern(pattern: unknown): boolean {
  return pattern === canonicalIntegerPattern(false) || pattern === canonicalIntegerPattern(true);
}
