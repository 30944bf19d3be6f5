// What a wallet mutation answers when the custodian or the AML provider fails it
// (docs/custody.md#wallet-operations): a refusal the caller can act on becomes a `UserError`
// (schema.graphql `UserErrorCode`), in our words with our request id
// (provider-failure-messages.ts); a provider that cannot be reached is SERVICE_UNAVAILABLE, to
// retry later. What no caller can act on (our credentials refused, an answer that breaks the
// provider's contract, a bug) is thrown on: the transport masks it and logs it (docs/error-codes.md).
import { AppError } from '../../errors/app-error.ts';
import { CustodyProviderError } from '../../providers/custody/custody-provider-error.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';
import { amlFailureMessage, custodyFailureMessage, type RequestLog } from './provider-failure-messages.ts';

export type CustodyOperation = 'createWallet' | 'createAddress' | 'addWhitelistAddress' | 'removeWhitelistAddress';

/** Fields of the custody port's requests that are the mutation's input fields too. */
const inputFields = new Set(['label', 'address', 'userPublicKey', 'coin']);

/** The user errors for a custody failure; throws it on when it is not one a caller can act on. */
export function custodyRefusal(error: unknown, operation: CustodyOperation, request: RequestLog): UserError[] {
  if (!(error instanceof CustodyProviderError) || error.code === 'INTERNAL') throw error;
  // The port's own check of the request, before any custodian saw it: its messages are ours.
  if (error.code === 'VALIDATION_FAILED')
    return (error.details ?? [{ path: '', message: error.message }]).map((detail) =>
      userError('VALIDATION_FAILED', detail.message, inputFields.has(detail.path) ? detail.path : undefined),
    );
  const message = custodyFailureMessage(error, operation, request);
  switch (error.reason) {
    case 'unavailable':
      return [userError('SERVICE_UNAVAILABLE', message)];
    case 'invalidAddress':
      return [userError('VALIDATION_FAILED', message, 'address')];
    case 'unsupportedCoin':
      return [userError('UNSUPPORTED_ASSET', message, 'coin')];
    case 'whitelistEntryExists':
      return [userError('CONFLICT', message, 'address')];
    case 'whitelistChangePending':
      // schema.graphql: a second addition is a CONFLICT, a removal while one is pending INVALID_STATE.
      return [userError(operation === 'removeWhitelistAddress' ? 'INVALID_STATE' : 'CONFLICT', message, 'address')];
    default:
      return [userError('PROVIDER_ERROR', message)];
  }
}

/** The user errors for an AML provider failure; throws it on when it is not one a caller can act on. */
export function amlRefusal(error: unknown, operation: string, request: RequestLog): UserError[] {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'SERVICE_UNAVAILABLE')
    return [userError('SERVICE_UNAVAILABLE', amlFailureMessage(error, operation, request))];
  if (error.code === 'BAD_REQUEST') return [userError('PROVIDER_ERROR', amlFailureMessage(error, operation, request))];
  throw error;
}
