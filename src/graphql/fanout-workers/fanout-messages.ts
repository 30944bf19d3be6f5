// The messages between the service's process and its fan-out worker processes
// (docs/market-data.md#fan-out), over the IPC channel of child_process.fork with structured-clone
// serialization: the service hands each worker upgraded sockets, the books' events and closes;
// the worker asks the service's socket authority (socket-authority.ts) and runs queries and
// mutations through it. A call carries a number its reply repeats.
import type { IncomingHttpHeaders } from 'node:http';
import type { FormattedExecutionResult } from 'graphql';
import type { ApiKeyPrincipal } from '../../access/principal.ts';
import type { BookEvent } from '../../domain/market-data/market-data-feed.ts';
import { AppError, type AppErrorOptions } from '../../errors/app-error.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';
import type { AuthorizedCaller, ConnectionInit, SocketOperationText } from '../socket-authority.ts';

export interface WorkerSettings {
  /** 1, 2, … in the service's log lines and metrics. */
  readonly workerIndex: number;
  readonly logLevel: string;
  readonly products: readonly string[];
}

/** The service to a worker. */
export type ToWorker =
  | { readonly type: 'init'; readonly settings: WorkerSettings }
  | { readonly type: 'event'; readonly event: BookEvent }
  /** Sent with the socket's handle. */
  | { readonly type: 'socket'; readonly id: number; readonly request: HandedRequest; readonly head: Uint8Array }
  | { readonly type: 'close'; readonly id: number; readonly code: number; readonly reason: string }
  | { readonly type: 'reply'; readonly call: number; readonly value?: unknown; readonly error?: SentError }
  | { readonly type: 'metrics'; readonly call: number }
  | { readonly type: 'drain' }
  | { readonly type: 'cut' };

/** A worker to the service. */
export type FromWorker =
  /** Its listener is in place: a message sent before it would be lost, so the settings wait for this. */
  | { readonly type: 'listening' }
  | { readonly type: 'ready' }
  | ({ readonly type: 'call'; readonly call: number; readonly id: number } & AuthorityCall)
  | { readonly type: 'closed'; readonly id: number }
  | { readonly type: 'reply'; readonly call: number; readonly value: unknown }
  | { readonly type: 'drained' };

/** What a worker asks of the authority, for one of its sockets. */
export type AuthorityCall =
  | { readonly method: 'connect'; readonly init: ConnectionInit }
  | { readonly method: 'authorize'; readonly openOperations: number }
  | { readonly method: 'cost'; readonly operation: SocketOperationText }
  | { readonly method: 'execute'; readonly operation: SocketOperationText; readonly requestId: string };

/** What each call answers. */
export interface AuthorityAnswers {
  connect: ApiKeyPrincipal | null;
  authorize: AuthorizedCaller;
  cost: null;
  execute: FormattedExecutionResult;
}

/** The upgrade request as the protocol reads it (subscription-server.ts). */
export interface HandedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly remoteAddress: string;
}

/** An AppError across the channel: its class does not survive structured cloning. */
export interface SentError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly options: Pick<AppErrorOptions, 'details' | 'retryAfterSeconds' | 'extensions'>;
}

export function sentError(error: AppError): SentError {
  return {
    code: error.code,
    message: error.message,
    options: {
      ...(error.details && { details: error.details }),
      ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
      extensions: error.extensions,
    },
  };
}

export function receivedError(sent: SentError): AppError {
  return new AppError(sent.code, sent.message, sent.options);
}
