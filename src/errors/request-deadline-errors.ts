// The answer when a request's deadline (REQUEST_TIMEOUT_MS) passes (docs/database.md#database-faults,
// docs/error-codes.md): whose delay it was decides it. A body still arriving is the client's
// delay: 408 REQUEST_TIMEOUT, answered with `Connection: close` by each transport, since the
// unread rest of the body cannot be told apart from a next request. A body that had arrived
// leaves the delay on our side: 503 SERVICE_UNAVAILABLE with Retry-After, as before.
import { AppError } from './app-error.ts';
import { requestDeadlineExceeded } from './unavailable-errors.ts';

type ExpiredDeadline = { timeoutMs: number; commitsInFlight: number };

/** The 408 of a request whose body did not arrive within the deadline. */
export function requestBodyTimedOut(deadline: { timeoutMs: number }): AppError {
  return new AppError('REQUEST_TIMEOUT', `the request body did not arrive within ${deadline.timeoutMs} ms`);
}

/**
 * The error for the expired deadline of `request`, a node:http IncomingMessage: `complete` is set once the
 * whole message, its body included, has been received, whether or not anyone has read it yet.
 */
export function deadlineError(request: { readonly complete: boolean }, deadline: ExpiredDeadline): AppError {
  return request.complete ? requestDeadlineExceeded(deadline) : requestBodyTimedOut(deadline);
}

/** Whether an answer must close the connection: after a 408 the rest of the body is still on its way. */
export function closesConnection(error: AppError): boolean {
  return error.code === 'REQUEST_TIMEOUT';
}
