// Subscriptions over graphql-ws on the same port and path as POST /graphql
// (docs/conformance.md#service-and-addresses). The API key travels in the connection_init payload
// (browsers cannot set WebSocket headers) or in the upgrade request's X-API-Key header.
import type { Server } from 'node:http';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { Principal } from '../access/principal.ts';
import type { DocumentCache } from './document-cache.ts';
import type { GraphqlContext } from './graphql-context.ts';

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
        const fromParams = ctx.connectionParams?.['X-API-Key'] ?? ctx.connectionParams?.['x-api-key'];
        const key = typeof fromParams === 'string' ? fromParams : ctx.extra.request.headers['x-api-key'];
        const principal = typeof key === 'string' ? await options.authenticateApiKey(key) : null;
        if (!principal) return false; // graphql-ws closes with 4403 Forbidden
        const named = ctx.connectionParams?.['X-Acting-User'] ?? ctx.extra.request.headers['x-acting-user'];
        callers.set(ctx.extra, { principal, actingUser: typeof named === 'string' ? named : undefined });
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
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
        const context: GraphqlContext = {
          requestId: `ws-${_id}`,
          logger: options.logger,
          principal: callers.get(ctx.extra)?.principal ?? { kind: 'anonymous' },
          actingUser: callers.get(ctx.extra)?.actingUser,
        };
        return {
          schema: options.schema,
          document,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
          contextValue: context,
        };
      },
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
