// The socket authority as a fan-out worker sees it (docs/market-data.md#fan-out): every decision
// is the service's (socket-authority.ts), asked over the worker's channel for the socket's id; a
// close the service decides arrives as a message of its own (fanout-worker-main.ts). The worker
// keeps only each socket's caller as the last answer left it, for its log lines.
import type { FormattedExecutionResult } from 'graphql';
import type { Logger } from 'pino';
import type { ApiKeyPrincipal } from '../../access/principal.ts';
import { AppError } from '../../errors/app-error.ts';
import { formatGraphqlError } from '../format-graphql-error.ts';
import type { ClosableSocket } from '../live-sockets.ts';
import type { AuthorizedCaller, SocketAuthority, SocketOperationText } from '../socket-authority.ts';
import {
  type AuthorityAnswers,
  type AuthorityCall,
  type FromWorker,
  type SentError,
  receivedError,
} from './fanout-messages.ts';

export interface RemoteSocketAuthority extends SocketAuthority {
  /** A query or mutation run in the service's process; its errors come formatted. */
  execute(socket: ClosableSocket, operation: SocketOperationText, requestId: string): Promise<FormattedExecutionResult>;
  /** The service's reply to a call. */
  replied(call: number, value: unknown, error: SentError | undefined): void;
}

type Answer = { value: unknown } | { error: AppError };

export function createRemoteSocketAuthority(
  send: (message: FromWorker) => void,
  idOf: (socket: ClosableSocket) => number | undefined,
  logger: Logger,
): RemoteSocketAuthority {
  const pending = new Map<number, (answer: Answer) => void>();
  const callers = new WeakMap<ClosableSocket, AuthorizedCaller>();
  let nextCall = 0;
  async function ask<Method extends AuthorityCall['method']>(
    socket: ClosableSocket,
    call: Extract<AuthorityCall, { method: Method }>,
  ): Promise<AuthorityAnswers[Method] | AppError> {
    const id = idOf(socket);
    if (id === undefined) return new AppError('UNAUTHENTICATED', 'the socket is closed');
    const number = (nextCall += 1);
    const answer = await new Promise<Answer>((resolve) => {
      pending.set(number, resolve);
      send({ type: 'call', call: number, id, ...call });
    });
    return 'error' in answer ? answer.error : (answer.value as AuthorityAnswers[Method]);
  }
  return {
    // The service counted the socket when it handed it over.
    opened: () => {},
    closed(socket) {
      const id = idOf(socket);
      if (id !== undefined) send({ type: 'closed', id });
    },
    async connect(socket, init) {
      const principal = await ask(socket, { method: 'connect', init });
      if (principal === null || principal instanceof AppError) return null;
      callers.set(socket, { principal: principal as ApiKeyPrincipal, actingUser: init.actingUser });
      return principal;
    },
    async authorize(socket, openOperations) {
      const caller = await ask(socket, { method: 'authorize', openOperations });
      if (!(caller instanceof AppError)) callers.set(socket, caller);
      return caller;
    },
    costRefusal: (socket, operation) => ask(socket, { method: 'cost', operation }),
    callerOf: (socket) => callers.get(socket),
    // The service rechecks every socket it handed out, and sends the closes.
    recheckKeys: async () => {},
    async execute(socket, operation, requestId) {
      const result = await ask(socket, { method: 'execute', operation, requestId });
      return result instanceof AppError ? { errors: [formatGraphqlError(result, logger)] } : result;
    },
    replied(call, value, error) {
      const resolve = pending.get(call);
      pending.delete(call);
      resolve?.(error ? { error: receivedError(error) } : { value });
    },
  };
}
