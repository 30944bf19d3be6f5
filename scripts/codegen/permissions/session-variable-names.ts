// Session variable names are case-insensitive (docs/data-layer.md#authentication): `X-Data-User-Id`
// in a rule and `x-data-user-id` in the declarations are the same variable.

const referencePattern = /^x-data-/i;

/** A string value that is meant as a session variable reference (declared or not). */
export function looksLikeSessionVariable(value: unknown): value is string {
  return typeof value === 'string' && referencePattern.test(value);
}

export function sessionVariableKey(reference: string): string {
  return reference.toLowerCase();
}

/** x-data-user-id → X-Data-User-Id, the spelling used in headers and in the matrix. */
export function sessionVariableHeader(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}
