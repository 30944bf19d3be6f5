// Subscriptions over graphql-ws on the same port and path as POST /graphql
// (docs/conformance.md#service-and-addresses). The API key travels in the connection_init payload
// (browsers cannot set WebSocket headers) or in the upgrade request's X-API-Key header. A socket
// is held to what a request is held to, for as long as it lives (docs/identity.md#sockets): every
// operation is counted by the rate limit and checked against the key as it is at that moment, a
// key that changes anywhere is checked again at once (a revoked one closes its sockets with
// 4403), and sockets per address, per key and operations per socket are capped (4429). Each
// subscription's context carries a sink for messages the service writes itself
// (subscription-sink.ts); errors in `next` messages are masked as over HTTP.
import type { IncomingHttpHeaders, Server } from 'node:http';
import { type DocumentNode, type ExecutionArgs, GraphQLError, type GraphQLSchema } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { anonymous } from '../access/principal.ts';
import { AppError } from '../errors/app-error.ts';
import { isCredentialRefusal } from '../errors/credential-refusal.ts';
import { graphqlValuesViolation } from '../graphql-limits/json-nesting.ts';
import { principalKind } from '../http/principal-kind.ts';
import { type FailedCredentialLimit, checkCredential } from '../request-envelope/failed-credential-limit.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { DocumentCache } from './document-cache.ts';
import { formatGraphqlError } from './format-graphql-error.ts';
import type { GraphqlContext } from './graphql-context.ts';
import { type KeyCheck, type LiveSockets, type SocketCaps, closeReason, createLiveSockets } from './live-sockets.ts';
import type { OperationCostGuard } from './operation-cost/operation-cost-guard.ts';
import { withRequestCode } from './request-error-code.ts';
import { socketCloseCodes } from './socket-close-codes.ts';
import { createSocketOperationLog, type SocketOperationLog } from '../request-envelope/socket-operation-log.ts';
import { type SubscriptionSink, nextMessage } from './subscription-sink.ts';

export interface SubscriptionServerOptions {
  server: Server;
  schema: GraphQLSchema;
  documents: DocumentCache;
  logger: Logger;
  /** Resolves an API key to its principal as POST /graphql does; throws the AppError it answers. */
  authenticateApiKey: KeyCheck;
  /** Refused keys per client address, as POST /graphql counts them (docs/identity.md#failed-credentials). */
  failedCredentials: FailedCredentialLimit;
  /** POST /graphql's rate limit, counted once per socket operation; null when off. */
  rateLimit: ((address: string, headers: IncomingHttpHeaders) => Promise<void>) | null;
  caps: SocketCaps;
  metrics: Metrics;
  /** The cost check POST /graphql makes (docs/api-limits.md), after validation, before execution. */
  guardCost: OperationCostGuard;
}

export interface SubscriptionServer {
  /** Checks every open socket's key again: a key changed somewhere (docs/identity.md#api-key-verification). */
  recheckKeys(): Promise<void>;
  /**
   * Refuses new subscriptions and closes every connection with 1001 Going Away, so clients
   * reconnect elsewhere; connections that have not answered by the deadline are cut
   * (docs/service.md#shutdown).
   */
  drain(deadline: AbortSignal): Promise<void>;
}

type SocketExtra = { socket: WebSocket; request: { headers: IncomingHttpHeaders; socket: { remoteAddress?: string } } };

export function startSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const wsServer = new WebSocketServer({ server: options.server, path: '/graphql', maxPayload: 64 * 1024 });
  const live = createLiveSockets(options.caps);
  const operations = createSocketOperationLog('api', '/graphql', options.logger, options.metrics);
  // Before graphql-ws' own listener: a socket past its address' cap is closed before it is served.
  wsServer.on('connection', (socket, request) => {
    const address = request.socket.remoteAddress ?? '';
    live.opened(socket, address);
    socket.once('close', () => live.closed(socket, address));
  });
  const disposable = useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      schema: options.schema,
      onConnect: (ctx) => connect(ctx.extra, ctx.connectionParams, options, live),
      onSubscribe: (ctx, id, payload) => prepareOperation({ ctx, id, payload }, options, live, operations),
      onComplete: (ctx, id) => operations.ended(ctx.extra, id),
      onError: (ctx, id, _payload, errors) => void operations.ended(ctx.extra, id, errors),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? {
              ...result,
              errors: result.errors.map((error) => withRequestCode(formatGraphqlError(error, options.logger))),
            }
          : undefined,
    },
    wsServer,
  );
  let rechecking: Promise<void> = Promise.resolve();
  return {
    // One recheck after another: a change announced during a recheck is checked once more after it.
    recheckKeys: () => (rechecking = rechecking.then(() => live.recheckAll(options.authenticateApiKey))),
    drain: (deadline) => drainSockets(wsServer, disposable, deadline),
  };
}

/** One subscribe message of a socket, as graphql-ws hands it over. */
interface SubscribeMessage {
  ctx: { extra: SocketExtra; subscriptions: Record<string, unknown> };
  id: string;
  payload: SubscribePayload;
}

/**
 * A subscribe message checked as POST /graphql checks a request (the caller, the JSON values'
 * nesting, the document's limits and validity, the cost) and turned into what graphql-ws
 * executes; or the errors it answers instead.
 */
async function prepareOperation(
  { ctx, id, payload }: SubscribeMessage,
  options: SubscriptionServerOptions,
  live: LiveSockets,
  operations: SocketOperationLog,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
  const requestId = operations.started(
    ctx.extra,
    id,
    principalKind(live.callerOf(ctx.extra.socket)?.principal ?? anonymous),
  );
  const caller = await authorizeOperation(ctx.extra, ctx.subscriptions, options, live);
  if (caller instanceof AppError) return [formatGraphqlError(caller, options.logger)];
  // Before anything walks them (docs/requests.md#json-nesting): as POST /graphql's body.
  const tooDeep = graphqlValuesViolation(payload);
  if (tooDeep) return [formatGraphqlError(new AppError('BAD_REQUEST', tooDeep), options.logger)];
  const document = parsedDocument(options, payload.query);
  if (!('kind' in document)) return document;
  const errors = options.documents.validate(options.schema, document);
  if (errors.length > 0) return [...errors];
  const operation = {
    document,
    operationName: payload.operationName ?? undefined,
    variableValues: payload.variables ?? undefined,
  };
  const refused = await costRefusal(options, operation, caller);
  if (refused) return [refused];
  const context: GraphqlContext = {
    requestId,
    logger: options.logger,
    principal: caller.principal,
    actingUser: caller.actingUser,
    subscription: socketSink(ctx.extra.socket, id, operation),
  };
  return { schema: options.schema, ...operation, contextValue: context };
}

/** The parsed document; a syntax error or a document over the limits is the client's, answered as errors, not a closed socket. */
function parsedDocument(options: SubscriptionServerOptions, query: string): DocumentNode | readonly GraphQLError[] {
  try {
    return options.documents.parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return [error];
    throw error;
  }
}

/** The cost check POST /graphql makes (docs/api-limits.md); the refusal as the error to answer, or null. */
async function costRefusal(
  options: SubscriptionServerOptions,
  operation: {
    document: DocumentNode;
    operationName: string | undefined;
    variableValues: Record<string, unknown> | undefined;
  },
  caller: { address: string; presentedKey: string },
): Promise<GraphQLError | null> {
  try {
    await options.guardCost(
      { document: operation.document, operationName: operation.operationName, variables: operation.variableValues },
      { ip: caller.address, credential: caller.presentedKey },
    );
    return null;
  } catch (error) {
    if (error instanceof AppError) return formatGraphqlError(error, options.logger);
    throw error;
  }
}

/** graphql-ws closes each client with 1001 and resolves once all are gone; at the deadline the rest are cut. */
async function drainSockets(
  wsServer: WebSocketServer,
  disposable: { dispose(): void | Promise<void> },
  deadline: AbortSignal,
): Promise<void> {
  const cut = () => {
    for (const client of wsServer.clients) client.terminate();
  };
  deadline.addEventListener('abort', cut, { once: true });
  try {
    await disposable.dispose();
  } finally {
    deadline.removeEventListener('abort', cut);
  }
}

/** connection_init: the key checked, the socket bound to its caller; false closes with 4403. */
async function connect(
  extra: SocketExtra,
  params: Record<string, unknown> | undefined,
  options: SubscriptionServerOptions,
  live: LiveSockets,
): Promise<boolean> {
  // schema.graphql (type Subscription) names `apiKey`; the header's spellings are accepted too.
  const fromParams = params?.['apiKey'] ?? params?.['X-API-Key'] ?? params?.['x-api-key'];
  const key = typeof fromParams === 'string' ? fromParams : extra.request.headers['x-api-key'];
  if (typeof key !== 'string' || key === '') return false;
  const address = extra.request.socket.remoteAddress ?? '';
  let principal;
  try {
    principal = await checkCredential(options.failedCredentials, address, () => options.authenticateApiKey(key));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const code = error.code === 'RATE_LIMITED' ? socketCloseCodes.tooMany : socketCloseCodes.forbidden;
    extra.socket.close(code, closeReason(error.publicMessage));
    return false;
  }
  const named = params?.['X-Acting-User'] ?? extra.request.headers['x-acting-user'];
  return live.authenticated(extra.socket, {
    presentedKey: key,
    principal,
    actingUser: typeof named === 'string' ? named : undefined,
    address,
  });
}

/**
 * What a request is checked for before its operation runs, in the same order as POST /graphql
 * (graphql-fast-lane.ts): the rate limit, then the key as it is now; and the socket's operation
 * cap. A key that fails closes the socket with 4403: every other operation on it would fail too.
 */
async function authorizeOperation(
  extra: SocketExtra,
  operations: Record<string, unknown>,
  options: SubscriptionServerOptions,
  live: LiveSockets,
) {
  const caller = live.callerOf(extra.socket);
  if (!caller) return new AppError('UNAUTHENTICATED', 'authentication required: send X-API-Key');
  const cap = options.caps.operationsPerSocket;
  // graphql-ws has already registered this operation's id.
  if (cap !== 0 && Object.keys(operations).length > cap)
    return new AppError('RATE_LIMITED', `too many operations on this socket at once (at most ${cap})`, {
      retryAfterSeconds: 1,
    });
  try {
    await options.rateLimit?.(caller.address, { 'x-api-key': caller.presentedKey });
    caller.principal = await options.authenticateApiKey(caller.presentedKey);
    return caller;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (isCredentialRefusal(error)) extra.socket.close(socketCloseCodes.forbidden, closeReason(error.publicMessage));
    return error;
  }
}

/** Writes straight to the subscriber's WebSocket; nothing once it is closing. */
function socketSink(
  socket: WebSocket,
  id: string,
  operation: {
    document: DocumentNode;
    operationName: string | undefined;
    variableValues: Record<string, unknown> | undefined;
  },
): SubscriptionSink {
  return {
    id,
    operation,
    next(payloadJson) {
      if (socket.readyState === WebSocket.OPEN) socket.send(nextMessage(id, payloadJson));
    },
    unsentBytes: () => socket.bufferedAmount,
  };
}
