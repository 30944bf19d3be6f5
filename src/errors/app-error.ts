// The one error class of the service and its normalizer: a code from error-codes.ts, the
// message, optional details and retry delay; transports decide how each reaches a client.
import { type ErrorCode, errorCodes, maskedMessage } from './error-codes.ts';

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  details?: ErrorDetail[];
  /**
   * When a retry may succeed, in whole seconds: data, not a header. Transports say it their
   * way (REST: `Retry-After`, src/http/middleware/handle-errors.ts; docs/architecture.md#layers).
   */
  retryAfterSeconds?: number;
  /**
   * Already reported where it arose, so transports write no log line of their own: database
   * faults are logged once per outage, not per request (docs/database.md#database-faults).
   */
  quiet?: boolean;
  cause?: unknown;
  /** Extra members of the REST error body that an operation's spec declares (e.g. `active`). */
  bodyFields?: Record<string, unknown>;
  /**
   * Extra members of a GraphQL error's `extensions`, beside its code: what a client needs to act
   * on the refusal (QUERY_TOO_COSTLY's `cost` and `maximum`, docs/api-limits.md).
   */
  extensions?: Readonly<Record<string, string | number>>;
}

/** The one error class of the service: every expected failure carries a code from error-codes.ts. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly quiet: boolean;
  readonly bodyFields: Record<string, unknown>;
  readonly extensions: Readonly<Record<string, string | number>>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.quiet = options.quiet ?? false;
    this.bodyFields = options.bodyFields ?? {};
    this.extensions = options.extensions ?? {};
  }

  get httpStatus(): number {
    return errorCodes[this.code].httpStatus;
  }

  /** The message a client may see: unexposed codes are masked. */
  get publicMessage(): string {
    return errorCodes[this.code].expose ? this.message : maskedMessage;
  }
}

export function notImplemented(operation: string): AppError {
  return new AppError('NOT_IMPLEMENTED', `not implemented: ${operation}`);
}

/** Normalizes anything thrown into an AppError; unknown errors become a masked INTERNAL. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('INTERNAL', error instanceof Error ? error.message : String(error), { cause: error });
}
