// The expected failures of the OTC mutations (schema.graphql `UserError`, `UserErrorCode`;
// docs/trading.md#errors): what a payload's `errors` carries. A step that meets one throws an
// OtcUserFailure, which the service turns into its outcome before anything is written.

/** The `UserErrorCode` values the OTC mutations answer. */
export type OtcUserErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'INVALID_STATE'
  | 'QUOTE_EXPIRED'
  | 'QUOTE_ALREADY_EXECUTED'
  | 'UNSUPPORTED_ASSET'
  | 'PROVIDER_ERROR';

export interface OtcUserError {
  code: OtcUserErrorCode;
  /** Safe to show to end users. */
  message: string;
  /** Path inside the mutation's `input`; null when the error concerns the input as a whole. */
  field: string[] | null;
}

export function otcError(code: OtcUserErrorCode, message: string, field?: string): OtcUserError {
  return { code, message, field: field === undefined ? null : [field] };
}

export class OtcUserFailure extends Error {
  readonly errors: OtcUserError[];
  constructor(errors: OtcUserError[]) {
    super(errors.map((error) => `${error.code}: ${error.message}`).join('; '));
    this.name = 'OtcUserFailure';
    this.errors = errors;
  }
}

export function failWith(code: OtcUserErrorCode, message: string, field?: string): never {
  throw new OtcUserFailure([otcError(code, message, field)]);
}

export type OtcOutcome<T> = ({ ok: true } & T) | { ok: false; errors: OtcUserError[] };

/** Runs a step; its expected failures become the outcome's errors, anything else is thrown on. */
export async function outcomeOf<T extends object>(step: () => Promise<T>): Promise<OtcOutcome<T>> {
  try {
    return { ok: true, ...(await step()) };
  } catch (error) {
    if (error instanceof OtcUserFailure) return { ok: false, errors: error.errors };
    throw error;
  }
}
