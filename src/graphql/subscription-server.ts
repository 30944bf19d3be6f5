// Subscriptions over graphql-ws on the same port and path as POST /graphql
// (docs/conformance.md#service-and-addresses). The API key travels in the connection_init payload
// (browsers cannot set WebSocket headers) or in the upgrade request's X-API-Key header. A socket
// is held to what a request is held to, for as long as it lives (docs/identity.md#sockets): every
// operation is counted by the rate limit and checked against the key as it is at that moment, a
// key that changes anywhere is checked again at once (a revoked one closes its sockets with
// 4403), and sockets per address, per key and operations per socket are capped (4429): all of
// that is the authority's (socket-authority.ts), this file speaks the protocol. In a fan-out
// worker (docs/market-data.md#fan-out) the same protocol serves sockets handed to it, asks the
// authority over its channel and runs queries and mutations in the service's process. Each
// subscription's context carries a sink for messages the service writes itself
// (subscription-sink.ts); errors in `next` messages are masked as over HTTP.
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { Socket } from 'node:net';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { anonymous } from '../access/principal.ts';
import { AppError } from '../errors/app-error.ts';
import { graphqlValuesViolation } from '../graphql-limits/json-nesting.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { DocumentCache } from './document-cache.ts';
import { formatGraphqlError } from './format-graphql-error.ts';
import type { GraphqlContext } from './graphql-context.ts';
import { withRequestCode } from './request-error-code.ts';
import type { SocketAuthority, SocketOperationText } from './socket-authority.ts';
import { createSocketOperationLog, type SocketOperationLog } from '../request-envelope/socket-operation-log.ts';
import { principalKind } from '../http/principal-kind.ts';
import { type SubscriptionSink, nextMessage } from './subscription-sink.ts';

/** The largest message a client may send on the socket. */
const maxPayload = 64 * 1024;

export interface SubscriptionServerOptions {
  /** The server whose upgrades on /graphql it takes; none in a fan-out worker, which is handed its sockets. */
  server?: Server;
  schema: GraphQLSchema;
  documents: DocumentCache;
  logger: Logger;
  /** What each socket and operation is held to (socket-authority.ts). */
  authority: SocketAuthority;
  metrics: Metrics;
  /**
   * In a fan-out worker: runs a query or mutation in the service's process, which holds the
   * domain (docs/market-data.md#fan-out); its errors come back formatted. Absent: run here.
   */
  executeElsewhere?: (
    socket: WebSocket,
    operation: SocketOperationText,
    requestId: string,
  ) => Promise<FormattedExecutionResult>;
}

export interface SubscriptionServer {
  /**
   * Serves a socket upgraded elsewhere (a fan-out worker is handed its sockets); `onSocket`
   * learns the WebSocket before graphql-ws serves it.
   */
  adopt(request: UpgradeRequest, socket: Socket, head: Buffer, onSocket: (webSocket: WebSocket) => void): void;
  /**
   * Refuses new subscriptions and closes every connection with 1001 Going Away, so clients
   * reconnect elsewhere; connections that have not answered by the deadline are cut
   * (docs/service.md#shutdown).
   */
  drain(deadline: AbortSignal): Promise<void>;
}

/** What the protocol reads of the upgrade request. */
export interface UpgradeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly socket: { readonly remoteAddress?: string | undefined };
}

type SocketExtra = { socket: WebSocket; request: UpgradeRequest };

export function startSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const wsServer = options.server
    ? new WebSocketServer({ server: options.server, path: '/graphql', maxPayload })
    : new WebSocketServer({ noServer: true, maxPayload });
  const { authority } = options;
  const operations = createSocketOperationLog('api', '/graphql', options.logger, options.metrics);
  const forwarded = new WeakMap<object, { socket: WebSocket; operation: SocketOperationText }>();
  // Before graphql-ws' own listener: a socket past its address' cap is closed before it is served.
  wsServer.on('connection', (socket, request: UpgradeRequest) => {
    const address = request.socket.remoteAddress ?? '';
    authority.opened(socket, address);
    socket.once('close', () => authority.closed(socket, address));
  });
  const disposable = useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      schema: options.schema,
      onConnect: (ctx) => connect(ctx.extra, ctx.connectionParams, authority),
      onSubscribe: (ctx, id, payload) => prepareOperation({ ctx, id, payload }, options, operations, forwarded),
      onComplete: (ctx, id) => operations.ended(ctx.extra, id),
      onError: (ctx, id, _payload, errors) => void operations.ended(ctx.extra, id, errors),
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? {
              ...result,
              // Errors a query run elsewhere answers come formatted already (plain objects).
              errors: result.errors.map((error) =>
                error instanceof GraphQLError ? withRequestCode(formatGraphqlError(error, options.logger)) : error,
              ),
            }
          : undefined,
      ...(options.executeElsewhere && { execute: executeElsewhere(options.executeElsewhere, forwarded) }),
    },
    wsServer,
  );
  return {
    adopt(request, socket, head, onSocket) {
      wsServer.handleUpgrade(request as never, socket, head, (webSocket) => {
        onSocket(webSocket);
        wsServer.emit('connection', webSocket, request);
      });
    },
    drain: (deadline) => drainSockets(wsServer, disposable, deadline),
  };
}

/** graphql-ws' execute for queries and mutations, run where the domain is (a fan-out worker has none). */
function executeElsewhere(
  run: NonNullable<SubscriptionServerOptions['executeElsewhere']>,
  forwarded: WeakMap<object, { socket: WebSocket; operation: SocketOperationText }>,
) {
  return (args: ExecutionArgs) => {
    const context = args.contextValue as GraphqlContext;
    const sent = forwarded.get(context);
    if (!sent) throw new Error('an operation reached execute without passing onSubscribe');
    // graphql-ws only serializes what execute answers: formatted errors go out as they are.
    return run(sent.socket, sent.operation, context.requestId) as Promise<ExecutionResult>;
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
  operations: SocketOperationLog,
  forwarded: WeakMap<object, { socket: WebSocket; operation: SocketOperationText }>,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
  const { authority } = options;
  const { socket } = ctx.extra;
  const requestId = operations.started(
    ctx.extra,
    id,
    principalKind(authority.callerOf(socket)?.principal ?? anonymous),
  );
  // graphql-ws has already registered this operation's id.
  const caller = await authority.authorize(socket, Object.keys(ctx.subscriptions).length);
  if (caller instanceof AppError) return [formatGraphqlError(caller, options.logger)];
  // Before anything walks them (docs/requests.md#json-nesting): as POST /graphql's body.
  const tooDeep = graphqlValuesViolation(payload);
  if (tooDeep) return [formatGraphqlError(new AppError('BAD_REQUEST', tooDeep), options.logger)];
  const document = parsedDocument(options, payload.query);
  if (!('kind' in document)) return document;
  const errors = options.documents.validate(options.schema, document);
  if (errors.length > 0) return [...errors];
  const text: SocketOperationText = {
    query: payload.query,
    operationName: payload.operationName ?? undefined,
    variables: payload.variables ?? undefined,
  };
  const refused = await authority.costRefusal(socket, text);
  if (refused) return [formatGraphqlError(refused, options.logger)];
  const operation = { document, operationName: text.operationName, variableValues: text.variables };
  const context: GraphqlContext = {
    requestId,
    logger: options.logger,
    principal: caller.principal,
    actingUser: caller.actingUser,
    subscription: socketSink(socket, id, operation),
  };
  forwarded.set(context, { socket, operation: text });
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
  authority: SocketAuthority,
): Promise<boolean> {
  // schema.graphql (type Subscription) names `apiKey`; the header's spellings are accepted too.
  const fromParams = params?.['apiKey'] ?? params?.['X-API-Key'] ?? params?.['x-api-key'];
  const key = typeof fromParams === 'string' ? fromParams : extra.request.headers['x-api-key'];
  const named = params?.['X-Acting-User'] ?? extra.request.headers['x-acting-user'];
  const principal = await authority.connect(extra.socket, {
    key: typeof key === 'string' ? key : undefined,
    actingUser: typeof named === 'string' ? named : undefined,
    address: extra.request.socket.remoteAddress ?? '',
  });
  return principal !== null;
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
