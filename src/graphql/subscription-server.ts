// Subscriptions over graphql-ws on the same port and path as POST /graphql
// (docs/conformance.md#service-and-addresses). The API key travels in the connection_init payload
// (browsers cannot set WebSocket headers) or in the upgrade request's X-API-Key header. Each
// subscription's context carries a sink for messages the service writes itself
// (subscription-sink.ts); errors in `next` messages are masked as over HTTP.
import type { Server } from 'node:http';
import { type DocumentNode, GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { Principal } from '../access/principal.ts';
import type { DocumentCache } from './document-cache.ts';
import { formatGraphqlError } from './format-graphql-error.ts';
import { withRequestCode } from './request-error-code.ts';
import type { GraphqlContext } from './graphql-context.ts';
import { type SubscriptionSink, nextMessage } from './subscription-sink.ts';

export interface SubscriptionServerOptions {
  server: Server;
  schema: GraphQLSchema;
  documents: DocumentCache;
  logger: Logger;
  /** Resolves an API key to a principal, or null when it is not valid. */
  authenticateApiKey(key: string): Promise<Principal | null>;
}

export interface SubscriptionServer {
  /**
   * Refuses new subscriptions and closes every connection with 1001 Going Away, so clients
   * reconnect elsewhere; connections that have not answered by the deadline are cut
   * (docs/architecture.md#shutdown).
   */
  drain(deadline: AbortSignal): Promise<void>;
}

export function startSubscriptionServer(options: SubscriptionServerOptions): SubscriptionServer {
  const wsServer = new WebSocketServer({ server: options.server, path: '/graphql', maxPayload: 64 * 1024 });
  const callers = new WeakMap<object, { principal: Principal; actingUser?: string }>();
  const disposable = useServer<Record<string, unknown> | undefined, { principal?: Principal }>(
    {
      schema: options.schema,
      onConnect: async (ctx) => {
        // schema.graphql (type Subscription) names `apiKey`; the header's spellings are accepted too.
        const params = ctx.connectionParams;
        const fromParams = params?.['apiKey'] ?? params?.['X-API-Key'] ?? params?.['x-api-key'];
        const key = typeof fromParams === 'string' ? fromParams : ctx.extra.request.headers['x-api-key'];
        const principal = typeof key === 'string' ? await options.authenticateApiKey(key) : null;
        if (!principal) return false; // graphql-ws closes with 4403 Forbidden
        const named = ctx.connectionParams?.['X-Acting-User'] ?? ctx.extra.request.headers['x-acting-user'];
        callers.set(ctx.extra, { principal, actingUser: typeof named === 'string' ? named : undefined });
        return true;
      },
      onSubscribe: (ctx, id, payload) => {
        let document;
        try {
          document = options.documents.parse(payload.query);
        } catch (error) {
          // A syntax error or a document over the limits is the client's: answered as errors, not a closed socket.
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = options.documents.validate(options.schema, document);
        if (errors.length > 0) return [...errors];
        const operation = {
          document,
          operationName: payload.operationName ?? undefined,
          variableValues: payload.variables ?? undefined,
        };
        const context: GraphqlContext = {
          requestId: `ws-${id}`,
          logger: options.logger,
          principal: callers.get(ctx.extra)?.principal ?? { kind: 'anonymous' },
          actingUser: callers.get(ctx.extra)?.actingUser,
          subscription: socketSink(ctx.extra.socket, id, operation),
        };
        return {
          schema: options.schema,
          document,
          variableValues: operation.variableValues,
          operationName: operation.operationName,
          contextValue: context,
        };
      },
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
  return {
    drain: async (deadline) => {
      const cut = () => {
        for (const client of wsServer.clients) client.terminate();
      };
      deadline.addEventListener('abort', cut, { once: true });
      try {
        // graphql-ws closes each client with 1001 and resolves once all of them are gone.
        await disposable.dispose();
      } finally {
        deadline.removeEventListener('abort', cut);
      }
    },
  };
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
