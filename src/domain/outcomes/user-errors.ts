// The expected failures of a business API mutation (schema.graphql `UserError`, `UserErrorCode`,
// `MutationPayload`): what a payload's `errors` carries, and the outcome an operation answers: its
// result, or the failures that stopped it before anything was written. Shared by the fund request
// and document mutations (docs/funds.md, docs/documents.md#through-the-business-graphql-api).

/** The codes of schema.graphql's `UserErrorCode`. */
export type UserErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'INVALID_STATE'
  | 'QUOTE_EXPIRED'
  | 'QUOTE_ALREADY_EXECUTED'
  | 'INSUFFICIENT_BALANCE'
  | 'ADDRESS_NOT_WHITELISTED'
  | 'SELF_APPROVAL_NOT_ALLOWED'
  | 'UNSUPPORTED_ASSET'
  | 'PROVIDER_ERROR'
  | 'SERVICE_UNAVAILABLE';

export interface UserError {
  code: UserErrorCode;
  /** Safe to show to end users. */
  message: string;
  /** The input field at fault (`["fundId"]`); null when the input as a whole is. */
  field: string[] | null;
}

/** A result, or the failures that stopped the operation. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: UserError[] };

export function succeeded<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function failed<T>(errors: UserError[]): Outcome<T> {
  return { ok: false, errors };
}

export function userError(code: UserErrorCode, message: string, field?: string): UserError {
  return { code, message, field: field === undefined ? null : [field] };
}
