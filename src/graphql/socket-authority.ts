// What a business graphql-ws socket is held to (docs/identity.md#sockets), decided in the service's
// own process, which holds the keys, the rate limits and the socket counts: the key at
// connection_init, the caps, the rate limit and the key again before every operation, the cost,
// and the recheck when a key changes. The protocol (subscription-server.ts) asks it, in the same
// process or, for a socket a fan-out worker serves, over the worker's channel
// (docs/market-data.md#fan-out), so both ways keep one set of counts per node.
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiKeyPrincipal } from '../access/principal.ts';
import { AppError } from '../errors/app-error.ts';
import { isCredentialRefusal, keyRequired } from '../errors/credential-refusal.ts';
import { type FailedCredentialLimit, checkCredential } from '../request-envelope/failed-credential-limit.ts';
import type { DocumentCache } from './document-cache.ts';
import {
  type ClosableSocket,
  type KeyCheck,
  type LiveSockets,
  type SocketCaps,
  closeReason,
  createLiveSockets,
} from './live-sockets.ts';
import type { OperationCostGuard } from './operation-cost/operation-cost-guard.ts';
import { socketCloseCodes } from './socket-close-codes.ts';

/** What connection_init presents: the key and acting user from its payload or the upgrade's headers. */
export interface ConnectionInit {
  readonly key: string | undefined;
  readonly actingUser: string | undefined;
  readonly address: string;
}

/** Who an operation runs for, as the key is at that moment. */
export interface AuthorizedCaller {
  readonly principal: ApiKeyPrincipal;
  readonly actingUser: string | undefined;
}

/** An operation as the client sent it, before parsing. */
export interface SocketOperationText {
  readonly query: string;
  readonly operationName: string | undefined;
  readonly variables: Record<string, unknown> | undefined;
}

export interface SocketAuthority {
  /** A socket upgraded from `address`; past the address' cap it is closed with 4429. */
  opened(socket: ClosableSocket, address: string): void;
  closed(socket: ClosableSocket, address: string): void;
  /** Binds the socket to its key: the principal, or null with the socket closed (4403, 4429). */
  connect(socket: ClosableSocket, init: ConnectionInit): Promise<ApiKeyPrincipal | null>;
  /**
   * Before an operation, as POST /graphql checks a request: the operation cap, the rate limit,
   * then the key as it is now. A key that fails closes the socket with 4403.
   */
  authorize(socket: ClosableSocket, openOperations: number): Promise<AuthorizedCaller | AppError>;
  /** The cost check POST /graphql makes (docs/api-limits.md), on a document that validated. */
  costRefusal(socket: ClosableSocket, operation: SocketOperationText): Promise<AppError | null>;
  /** The caller a socket is bound to, as the last check left it. */
  callerOf(socket: ClosableSocket): AuthorizedCaller | undefined;
  /** Checks every open socket's key again (docs/identity.md#api-key-verification). */
  recheckKeys(): Promise<void>;
}

export interface SocketAuthorityOptions {
  /** Resolves an API key to its principal as POST /graphql does; throws the AppError it answers. */
  authenticateApiKey: KeyCheck;
  /** Refused keys per client address, as POST /graphql counts them (docs/identity.md#failed-credentials). */
  failedCredentials: FailedCredentialLimit;
  /** POST /graphql's rate limit, counted once per socket operation; null when off. */
  rateLimit: ((address: string, headers: IncomingHttpHeaders) => Promise<void>) | null;
  caps: SocketCaps;
  documents: DocumentCache;
  guardCost: OperationCostGuard;
}

export function createSocketAuthority(options: SocketAuthorityOptions): SocketAuthority {
  const live = createLiveSockets(options.caps);
  let rechecking: Promise<void> = Promise.resolve();
  return {
    opened: (socket, address) => live.opened(socket, address),
    closed: (socket, address) => live.closed(socket, address),
    connect: (socket, init) => connect(socket, init, options, live),
    authorize: (socket, openOperations) => authorize(socket, openOperations, options, live),
    costRefusal: (socket, operation) => costRefusal(socket, operation, options, live),
    callerOf: (socket) => live.callerOf(socket),
    // One recheck after another: a change announced during a recheck is checked once more after it.
    recheckKeys: () => (rechecking = rechecking.then(() => live.recheckAll(options.authenticateApiKey))),
  };
}

async function connect(
  socket: ClosableSocket,
  init: ConnectionInit,
  options: SocketAuthorityOptions,
  live: LiveSockets,
): Promise<ApiKeyPrincipal | null> {
  const { key, address } = init;
  if (key === undefined || key === '') return null;
  let principal;
  try {
    principal = await checkCredential(options.failedCredentials, address, () => options.authenticateApiKey(key));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const code = error.code === 'RATE_LIMITED' ? socketCloseCodes.tooMany : socketCloseCodes.forbidden;
    socket.close(code, closeReason(error.publicMessage));
    return null;
  }
  const bound = live.authenticated(socket, { presentedKey: key, principal, actingUser: init.actingUser, address });
  return bound ? principal : null;
}

async function authorize(
  socket: ClosableSocket,
  openOperations: number,
  options: SocketAuthorityOptions,
  live: LiveSockets,
): Promise<AuthorizedCaller | AppError> {
  const caller = live.callerOf(socket);
  if (!caller) return keyRequired();
  const cap = options.caps.operationsPerSocket;
  if (cap !== 0 && openOperations > cap)
    return new AppError('RATE_LIMITED', `too many operations on this socket at once (at most ${cap})`, {
      retryAfterSeconds: 1,
    });
  try {
    await options.rateLimit?.(caller.address, { 'x-api-key': caller.presentedKey });
    caller.principal = await options.authenticateApiKey(caller.presentedKey);
    return { principal: caller.principal, actingUser: caller.actingUser };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (isCredentialRefusal(error)) socket.close(socketCloseCodes.forbidden, closeReason(error.publicMessage));
    return error;
  }
}

async function costRefusal(
  socket: ClosableSocket,
  operation: SocketOperationText,
  options: SocketAuthorityOptions,
  live: LiveSockets,
): Promise<AppError | null> {
  const caller = live.callerOf(socket);
  if (!caller) return keyRequired();
  try {
    await options.guardCost(
      {
        document: options.documents.parse(operation.query),
        operationName: operation.operationName,
        variables: operation.variables,
      },
      { ip: caller.address, credential: caller.presentedKey },
    );
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
