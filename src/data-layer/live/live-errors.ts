// How a live query's failures are told apart (docs/data-layer.md#subscriptions): a database that is
// unavailable or slow fails a refresh, not the subscription (the next refresh tries again); any
// other error is the subscriber's and ends its subscription with an `error` message.
import { toAppError } from '../../errors/app-error.ts';

export function isServiceUnavailable(error: unknown): boolean {
  return toAppError(error).code === 'SERVICE_UNAVAILABLE';
}
