// What a client is told when the custodian or the AML provider fails a wallet operation, and the
// one log line that tells the operator what the provider answered (docs/custody.md#what-the-client-is-told).
// The client's message says in our words what failed and carries our request id (the business
// API request's `requestId`); the provider's own text, its request id and its wallet ids never
// reach it, since they describe the provider's internals. The provider's full answer (status,
// error text, request id) is logged once, at warn, on the request's logger, so the line carries
// our request id too and an operator can correlate the two.
import type { Logger } from 'pino';
import type { AppError } from '../../errors/app-error.ts';
import type { CustodyErrorReason, CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';

/** The request a provider call serves: its id, and its logger (which already names that id). */
export interface RequestLog {
  readonly requestId: string;
  readonly logger: Logger;
}

/** Why the custodian failed, as the client is told (docs/custody.md#errors). */
const custodyFailureWords: Record<Exclude<CustodyErrorReason, 'unavailable'>, string> = {
  invalidRequest: 'the custodian refused the request as sent',
  invalidAddress: "the custodian refused the address: it is not one of the wallet's chain",
  unsupportedCoin: 'the custodian refused the asset: it does not hold it',
  insufficientBalance: "the wallet's spendable balance does not cover the amount and the network fee",
  addressNotWhitelisted: "the address is not on the wallet's whitelist",
  selfApproval: 'the creator of the request cannot resolve its approval',
  notFound: 'the custodian does not know this wallet',
  alreadyResolved: 'the approval is already resolved',
  alreadyDecided: 'this user has already decided on the approval',
  whitelistEntryExists: 'the address is already whitelisted',
  whitelistChangePending: 'a change of this address awaits approval',
  idempotencyConflict: 'the idempotency key was already used for a different send',
  conflict: 'the custodian reported a conflict',
  unauthorized: 'the custodian could not be used; the operator has been told',
  badResponse: 'the custodian could not be used; the operator has been told',
};

/** The client's message for a custodian failure; logs the custodian's answer once. */
export function custodyFailureMessage(error: CustodyProviderError, operation: string, request: RequestLog): string {
  request.logger.warn(
    {
      provider: 'custody',
      operation,
      reason: error.reason,
      providerStatus: error.providerStatus,
      custodian: error.custodian,
      detail: error.message,
    },
    'custodian refused or failed a wallet operation',
  );
  const words =
    error.reason === 'unavailable'
      ? `the custodian is unavailable; retry in ${error.retryAfterSeconds ?? 5} seconds${operation === 'send' ? ' with the same idempotencyKey' : ''}`
      : custodyFailureWords[error.reason];
  return withRequestId(words, request);
}

/** The client's message for an AML provider failure (SERVICE_UNAVAILABLE or BAD_REQUEST); logs its answer once. */
export function amlFailureMessage(error: AppError, operation: string, request: RequestLog): string {
  request.logger.warn(
    { provider: 'aml', operation, code: error.code, detail: error.message },
    'AML provider refused or failed a wallet operation',
  );
  const words =
    error.code === 'SERVICE_UNAVAILABLE'
      ? `the AML provider is unavailable; retry in ${error.retryAfterSeconds ?? 30} seconds`
      : 'the AML provider refused to screen this wallet';
  return withRequestId(words, request);
}

function withRequestId(words: string, request: RequestLog): string {
  return `${words} (requestId ${request.requestId})`;
}
