// What a wallet operation answers when the AML provider fails it
// (docs/custody.md#what-a-provider-failure-answers): a provider that cannot be reached is
// SERVICE_UNAVAILABLE, to retry later; a screening it refuses is PROVIDER_ERROR; both in our words
// with our request id (provider-failure-messages.ts). Anything else no caller can act on is thrown
// on: the transport masks it and logs it (docs/error-codes.md).
import { AppError } from '../../errors/app-error.ts';
import { userError, type UserError } from '../outcomes/user-error.ts';
import { amlFailureMessage, type RequestLog } from './provider-failure-messages.ts';

/** The user errors for an AML provider failure; throws it on when it is not one a caller can act on. */
export function amlRefusal(error: unknown, operation: string, request: RequestLog): UserError[] {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'SERVICE_UNAVAILABLE')
    return [userError('SERVICE_UNAVAILABLE', amlFailureMessage(error, operation, request))];
  if (error.code === 'BAD_REQUEST') return [userError('PROVIDER_ERROR', amlFailureMessage(error, operation, request))];
  throw error;
}
