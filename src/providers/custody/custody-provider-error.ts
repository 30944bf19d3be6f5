// The one error of the custody provider (docs/custody.md#errors): an AppError whose code a
// transport understands, plus what the domain needs to choose its own error (`reason`) and what
// support needs to ask the custodian about it (its `{error, name, requestId}` and HTTP status).
// The message is in our words: the custodian's text and ids are internals of the custodian, kept
// in `custodian` for the log, never in a message that could reach a client.
// The simulator and the HTTP client build it with the same functions, so either gives the same
// code, reason and message for the same custodian answer.
import { AppError, type ErrorDetail } from '../../errors/app-error.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';

/** Why a custody call failed, stable for the domain to map (docs/custody.md#errors). */
export type CustodyErrorReason =
  | 'invalidRequest'
  | 'invalidAddress'
  | 'unsupportedCoin'
  | 'insufficientBalance'
  | 'addressNotWhitelisted'
  | 'selfApproval'
  | 'notFound'
  | 'alreadyResolved'
  | 'alreadyDecided'
  | 'whitelistEntryExists'
  | 'whitelistChangePending'
  | 'idempotencyConflict'
  | 'conflict'
  | 'unauthorized'
  | 'unavailable'
  | 'badResponse';

/** The custodian's error body (docs/domain.md#wallets-and-custody): `{error, name, requestId}`. */
export interface CustodianErrorBody {
  error: string;
  name: string;
  requestId: string | null;
}

export interface CustodyProviderErrorOptions {
  reason: CustodyErrorReason;
  /** The custodian's HTTP status; absent when no answer was read (network, timeout, own checks). */
  providerStatus?: number;
  custodian?: CustodianErrorBody;
  details?: ErrorDetail[];
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class CustodyProviderError extends AppError {
  readonly reason: CustodyErrorReason;
  readonly providerStatus: number | undefined;
  readonly custodian: CustodianErrorBody | undefined;

  constructor(code: ErrorCode, message: string, options: CustodyProviderErrorOptions) {
    super(code, message, {
      details: options.details,
      retryAfterSeconds: options.retryAfterSeconds,
      cause: options.cause,
    });
    this.name = 'CustodyProviderError';
    this.reason = options.reason;
    this.providerStatus = options.providerStatus;
    this.custodian = options.custodian;
  }
}

interface KnownCustodianError {
  status: number;
  reason: CustodyErrorReason;
  code: ErrorCode;
}

/**
 * The error names the simulator answers with, and what each means here. A custodian name not
 * listed falls back to its HTTP status (`reasonForStatus`).
 */
export const custodianErrorNames = {
  InvalidRequest: { status: 400, reason: 'invalidRequest', code: 'BAD_REQUEST' },
  InvalidAddress: { status: 400, reason: 'invalidAddress', code: 'BAD_REQUEST' },
  UnsupportedCoin: { status: 400, reason: 'unsupportedCoin', code: 'BAD_REQUEST' },
  InsufficientBalance: { status: 400, reason: 'insufficientBalance', code: 'CONFLICT' },
  Unauthorized: { status: 401, reason: 'unauthorized', code: 'INTERNAL' },
  AddressNotWhitelisted: { status: 403, reason: 'addressNotWhitelisted', code: 'FORBIDDEN' },
  SelfApprovalNotAllowed: { status: 403, reason: 'selfApproval', code: 'FORBIDDEN' },
  NotFound: { status: 404, reason: 'notFound', code: 'NOT_FOUND' },
  ApprovalAlreadyResolved: { status: 409, reason: 'alreadyResolved', code: 'CONFLICT' },
  ApproverAlreadyDecided: { status: 409, reason: 'alreadyDecided', code: 'CONFLICT' },
  WhitelistEntryExists: { status: 409, reason: 'whitelistEntryExists', code: 'CONFLICT' },
  WhitelistChangePending: { status: 409, reason: 'whitelistChangePending', code: 'CONFLICT' },
  SequenceIdConflict: { status: 409, reason: 'idempotencyConflict', code: 'CONFLICT' },
  InternalError: { status: 500, reason: 'unavailable', code: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, KnownCustodianError>;

export type CustodianErrorName = keyof typeof custodianErrorNames;

/** When the custodian gave no Retry-After: long enough for a restart or a failover. */
export const defaultCustodyRetryAfterSeconds = 5;
const maxTextLength = 500;

function isKnownName(name: string): name is CustodianErrorName {
  return Object.hasOwn(custodianErrorNames, name);
}

/** A status without a known error name: the custodian's meaning of the status. */
function reasonForStatus(status: number): { reason: CustodyErrorReason; code: ErrorCode } {
  if (status === 400 || status === 422) return { reason: 'invalidRequest', code: 'BAD_REQUEST' };
  // Our access token was refused: the operator's configuration, not the caller's request.
  if (status === 401 || status === 403) return { reason: 'unauthorized', code: 'INTERNAL' };
  if (status === 404) return { reason: 'notFound', code: 'NOT_FOUND' };
  if (status === 409) return { reason: 'conflict', code: 'CONFLICT' };
  if (status === 429 || status >= 500) return { reason: 'unavailable', code: 'SERVICE_UNAVAILABLE' };
  return { reason: 'badResponse', code: 'INTERNAL' };
}

/**
 * The error for a custodian's non-2xx answer. `body` is its parsed error body when it had one.
 * `retryAfterSeconds` is the custodian's Retry-After, used for the statuses worth retrying.
 */
export function custodianAnswerError(
  operation: string,
  status: number,
  body: CustodianErrorBody | undefined,
  retryAfterSeconds?: number,
): CustodyProviderError {
  const mapped = body && isKnownName(body.name) ? custodianErrorNames[body.name] : reasonForStatus(status);
  const unavailable = mapped.reason === 'unavailable';
  const verb = status >= 500 ? 'failed' : 'refused';
  // Our words only: the custodian's text and ids stay in `custodian`, for the log (docs/custody.md#errors).
  const message = body
    ? `custodian ${verb} ${operation}: ${mapped.reason} (HTTP ${status})`
    : `custodian answered ${operation} with HTTP ${status}`;
  return new CustodyProviderError(mapped.code, message, {
    reason: mapped.reason,
    providerStatus: status,
    custodian: body,
    retryAfterSeconds: unavailable ? (retryAfterSeconds ?? defaultCustodyRetryAfterSeconds) : undefined,
  });
}

/** The custodian could not be reached, or did not answer in time. */
export function custodianUnavailable(message: string, cause: unknown): CustodyProviderError {
  return new CustodyProviderError('SERVICE_UNAVAILABLE', message, {
    reason: 'unavailable',
    retryAfterSeconds: defaultCustodyRetryAfterSeconds,
    cause,
  });
}

/** A 2xx (or a redirect) this client cannot use: the custodian broke its contract. */
export function custodianBadResponse(message: string, providerStatus: number): CustodyProviderError {
  return new CustodyProviderError('INTERNAL', message, { reason: 'badResponse', providerStatus });
}

/** Our own check of a request, before any custodian sees it. */
export function invalidCustodyRequest(operation: string, details: ErrorDetail[]): CustodyProviderError {
  const summary = details.map((detail) => detail.message).join('; ');
  return new CustodyProviderError('VALIDATION_FAILED', `invalid ${operation} request: ${summary}`, {
    reason: 'invalidRequest',
    details,
  });
}

/** Bounds text that came from the custodian before it goes into a message or a log. */
export function boundedText(text: string): string {
  return text.length > maxTextLength ? `${text.slice(0, maxTextLength)}…` : text;
}
