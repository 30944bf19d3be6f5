// Expected failures of the custody mutations as the payloads carry them (schema.graphql `UserError`,
// `UserErrorCode`; docs/custody.md#errors-of-the-mutations): the checks of the platform, and each
// refusal of the custodian (a CustodyProviderError's `reason`) turned into the code a client
// branches on. The custodian's own explanation is kept where it may be shown; a failure that says
// nothing to the caller (our token refused, a broken answer) is a masked PROVIDER_ERROR, logged.
import type { Logger } from 'pino';
import type { AppError } from '../../errors/app-error.ts';
import type { CustodyErrorReason, CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';

/** The `UserErrorCode` values these mutations answer. */
export type CustodyUserErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'INVALID_STATE'
  | 'INSUFFICIENT_BALANCE'
  | 'ADDRESS_NOT_WHITELISTED'
  | 'SELF_APPROVAL_NOT_ALLOWED'
  | 'UNSUPPORTED_ASSET'
  | 'PROVIDER_ERROR';

export interface CustodyUserError {
  code: CustodyUserErrorCode;
  message: string;
  /** Path inside the mutation's `input`; null when the error concerns the input as a whole. */
  field: string[] | null;
}

export function userError(code: CustodyUserErrorCode, message: string, field?: string): CustodyUserError {
  return { code, message, field: field === undefined ? null : [field] };
}

/** The expected failures a mutation answers in its payload instead of a result. */
export class CustodyUserFailure extends Error {
  readonly errors: CustodyUserError[];
  constructor(errors: CustodyUserError[]) {
    super(errors.map((error) => `${error.code}: ${error.message}`).join('; '));
    this.name = 'CustodyUserFailure';
    this.errors = errors;
  }
}

export function failWith(code: CustodyUserErrorCode, message: string, field?: string): never {
  throw new CustodyUserFailure([userError(code, message, field)]);
}

/** Which mutation met the refusal: a missing record means the approval for a resolution, else the custodian's own books. */
export type CustodyOperation = 'send' | 'resolve' | 'sync';

type Mapping = { code: CustodyUserErrorCode; field?: string; lead: string };

const byReason: Partial<Record<CustodyErrorReason, Mapping>> = {
  invalidRequest: { code: 'VALIDATION_FAILED', lead: 'the custodian refused the request as sent' },
  invalidAddress: { code: 'VALIDATION_FAILED', field: 'address', lead: "the address is not one of the wallet's chain" },
  unsupportedCoin: { code: 'UNSUPPORTED_ASSET', field: 'coin', lead: 'the custodian does not support this asset' },
  insufficientBalance: {
    code: 'INSUFFICIENT_BALANCE',
    field: 'amount',
    lead: "the wallet's spendable balance does not cover the amount and the network fee",
  },
  addressNotWhitelisted: {
    code: 'ADDRESS_NOT_WHITELISTED',
    field: 'address',
    lead: "the address is not on the wallet's whitelist",
  },
  selfApproval: { code: 'SELF_APPROVAL_NOT_ALLOWED', lead: 'the creator of the request cannot resolve its approval' },
  alreadyResolved: { code: 'INVALID_STATE', lead: 'the approval is already resolved' },
  alreadyDecided: { code: 'INVALID_STATE', lead: 'this user has already decided on the approval' },
  idempotencyConflict: {
    code: 'CONFLICT',
    field: 'idempotencyKey',
    lead: 'the idempotency key was already used for a different send',
  },
  whitelistEntryExists: { code: 'CONFLICT', lead: 'the address is already whitelisted' },
  whitelistChangePending: { code: 'CONFLICT', lead: 'a change of this address awaits approval' },
  conflict: { code: 'CONFLICT', lead: 'the custodian reported a conflict' },
};

/** The payload error for a custodian refusal; unexpected ones are logged and masked. */
export function custodyRefusal(
  error: CustodyProviderError,
  operation: CustodyOperation,
  logger: Logger,
): CustodyUserError {
  if (error.reason === 'notFound') {
    if (operation === 'resolve') return userError('NOT_FOUND', 'no such pending approval', 'approvalId');
    logger.warn({ err: error }, 'the custodian does not know a wallet the platform links to it');
    return userError('PROVIDER_ERROR', 'the custodian does not know this wallet');
  }
  if (error.reason === 'unavailable') {
    return userError(
      'PROVIDER_ERROR',
      `the custodian is unavailable; retry in ${error.retryAfterSeconds ?? 5} seconds${operation === 'send' ? ' with the same idempotencyKey' : ''}`,
    );
  }
  const mapped = byReason[error.reason];
  if (!mapped) {
    logger.error({ err: error }, 'custody call failed unexpectedly');
    return userError('PROVIDER_ERROR', 'the custodian could not be used; the operator has been told');
  }
  const field = mapped.field ?? (error.reason === 'invalidRequest' ? detailField(error) : undefined);
  return userError(mapped.code, `${mapped.lead}: ${error.message}`, field);
}

/** The input field a check of the request named, when it is one the caller sent. */
function detailField(error: AppError): string | undefined {
  const path = error.details?.[0]?.path;
  return path && ['address', 'amount', 'coin', 'comment'].includes(path) ? path : undefined;
}
