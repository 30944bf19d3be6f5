// The custodian's refusals of the custody mutations as their payloads carry them (schema.graphql
// `UserError`, `UserErrorCode`; docs/custody.md#errors-of-the-mutations): each refusal (a
// CustodyProviderError's `reason`) turned into the code a client branches on, its message in our
// words with our request id, never the custodian's own text or ids; a failure that says nothing to
// the caller (our token refused, a broken answer) is a masked PROVIDER_ERROR, logged.
import type { AppError } from '../../errors/app-error.ts';
import type { CustodyErrorReason, CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
import { type UserError, type UserErrorCode, userError } from '../outcomes/user-error.ts';
import { custodyFailureMessage, type RequestLog } from './provider-failure-messages.ts';

/** Which mutation met the refusal: a missing record means the approval for a resolution, else the custodian's own books. */
export type CustodyOperation = 'send' | 'resolve' | 'sync';

/** The code (and input field) a client branches on, for each refusal of the custodian it can act on. */
const byReason: Partial<Record<CustodyErrorReason, { code: UserErrorCode; field?: string }>> = {
  invalidRequest: { code: 'VALIDATION_FAILED' },
  invalidAddress: { code: 'VALIDATION_FAILED', field: 'address' },
  unsupportedCoin: { code: 'UNSUPPORTED_ASSET', field: 'coin' },
  insufficientBalance: { code: 'INSUFFICIENT_BALANCE', field: 'amount' },
  addressNotWhitelisted: { code: 'ADDRESS_NOT_WHITELISTED', field: 'address' },
  selfApproval: { code: 'SELF_APPROVAL_NOT_ALLOWED' },
  alreadyResolved: { code: 'INVALID_STATE' },
  alreadyDecided: { code: 'INVALID_STATE' },
  idempotencyConflict: { code: 'CONFLICT', field: 'idempotencyKey' },
  whitelistEntryExists: { code: 'CONFLICT' },
  whitelistChangePending: { code: 'CONFLICT' },
  conflict: { code: 'CONFLICT' },
};

/**
 * The payload error for a custodian refusal, in our words with our request id
 * (provider-failure-messages.ts, which logs the custodian's answer); unexpected ones are logged
 * as errors and masked.
 */
export function custodyRefusal(
  error: CustodyProviderError,
  operation: CustodyOperation,
  request: RequestLog,
): UserError {
  // The port's own check of the request, before any custodian saw it: its messages are ours.
  if (error.code === 'VALIDATION_FAILED') return userError('VALIDATION_FAILED', error.message, detailField(error));
  if (error.reason === 'notFound' && operation === 'resolve')
    return userError('NOT_FOUND', 'no such pending approval', 'approvalId');
  const message = custodyFailureMessage(error, operation, request);
  if (error.reason === 'notFound' || error.reason === 'unavailable') return userError('PROVIDER_ERROR', message);
  const mapped = byReason[error.reason];
  if (!mapped) {
    request.logger.error({ err: error }, 'custody call failed unexpectedly');
    return userError('PROVIDER_ERROR', message);
  }
  const field = mapped.field ?? (error.reason === 'invalidRequest' ? detailField(error) : undefined);
  return userError(mapped.code, message, field);
}

/** The input field a check of the request named, when it is one the caller sent. */
function detailField(error: AppError): string | undefined {
  const path = error.details?.[0]?.path;
  return path && ['address', 'amount', 'coin', 'comment'].includes(path) ? path : undefined;
}
