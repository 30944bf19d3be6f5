// The expected failures of the wallet mutations (schema.graphql `UserError`, `UserErrorCode`):
// what a payload's `errors` carries, and the outcome a wallet operation answers: its result, or
// the failures that stopped it before anything was written (docs/custody.md#wallet-operations).

/** The codes of schema.graphql's `UserErrorCode` the wallet mutations answer. */
export type WalletUserErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'INVALID_STATE'
  | 'UNSUPPORTED_ASSET'
  | 'PROVIDER_ERROR'
  | 'SERVICE_UNAVAILABLE';

export interface WalletUserError {
  code: WalletUserErrorCode;
  /** Safe to show to end users. */
  message: string;
  /** The input field at fault (`["address"]`); null when the input as a whole is. */
  field: string[] | null;
}

export type WalletOutcome<T> = { ok: true; value: T } | { ok: false; errors: WalletUserError[] };

export function succeeded<T>(value: T): WalletOutcome<T> {
  return { ok: true, value };
}

export function failed<T>(errors: WalletUserError[]): WalletOutcome<T> {
  return { ok: false, errors };
}

export function userError(code: WalletUserErrorCode, message: string, field?: string): WalletUserError {
  return { code, message, field: field === undefined ? null : [field] };
}

/** A wallet outside the caller's organization answers as a missing one: existence is not disclosed. */
export function walletNotFound(walletId: number): WalletUserError {
  return userError('NOT_FOUND', `no wallet ${walletId}`, 'walletId');
}
