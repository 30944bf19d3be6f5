// Subscriptions over graphql-ws on the GraphQL path (schema.graphql `Subscription`): a client that
// authenticates with the API key in `connection_init` and reconnects for ever after a lost
// connection, with a bounded backoff (graphql-ws then subscribes again by itself), but not after a
// close for the credential (reconnect-policy.ts), and a typed `subscribe` that turns DateTime
// fields into Dates.
import { type Client, type ClientOptions as WsClientOptions, createClient } from 'graphql-ws';
import type { GraphqlError } from './graphql-client.ts';
import { type ReconnectOptions, reconnectDelayMs, refusesCredential } from './reconnect-policy.ts';
import { type TypedDocument, reviveDates } from './typed-document.ts';

export interface SubscriptionClientOptions {
  /** The GraphQL path as a WebSocket URL, e.g. `ws://127.0.0.1:3000/graphql`. */
  url: string;
  /** Sent as `apiKey` in `connection_init` (docs/market-data.md#fan-out). */
  apiKey: string;
  /** `X-Acting-User` of the connection (docs/identity.md#acting-user). */
  actingUser?: string;
  /** The wait before reconnecting: from 100 ms doubling to at most 5 s, jittered. */
  reconnect?: ReconnectOptions;
  /** Any other graphql-ws client option (e.g. `webSocketImpl` where there is no global WebSocket). */
  graphqlWs?: Partial<WsClientOptions>;
}

export function createSubscriptionClient(options: SubscriptionClientOptions): Client {
  return createClient({
    url: options.url,
    connectionParams: {
      apiKey: options.apiKey,
      ...(options.actingUser ? { 'X-Acting-User': options.actingUser } : {}),
    },
    retryAttempts: Number.POSITIVE_INFINITY,
    // graphql-ws itself gives up on some closes (1011, 4500, 4401, 4429…): the sinks get the error.
    shouldRetry: (error) => !refusesCredential(error),
    retryWait: (retries) =>
      new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(options.reconnect ?? {}, retries))),
    keepAlive: 10_000,
    ...options.graphqlWs,
  });
}

export interface SubscriptionSink<R> {
  next(data: R): void;
  /** GraphQL errors of the subscription (typed by `extensions.code`), or the connection's failure. */
  error?(error: readonly GraphqlError[] | unknown): void;
  complete?(): void;
}

/** Subscribes `document`; returns the function that ends the subscription. */
export function subscribe<R, V>(
  client: Client,
  document: TypedDocument<R, V>,
  variables: V,
  sink: SubscriptionSink<R>,
): () => void {
  return client.subscribe<R>(
    { query: document.text, operationName: document.name, variables: variables as Record<string, unknown> },
    {
      next(result) {
        if (result.errors?.length) sink.error?.(result.errors);
        else if (result.data) {
          reviveDates(result.data, document.dates);
          sink.next(result.data as R);
        }
      },
      error: (error) => sink.error?.(error),
      complete: () => sink.complete?.(),
    },
  );
}
