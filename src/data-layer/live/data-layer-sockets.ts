// Subscriptions on DATA_PORT (docs/data-layer.md#subscriptions): graphql-ws (graphql-transport-ws)
// at /v1/graphql. connection_init carries the credentials and session values a POST sends as
// headers (socket-headers.ts), read by the same authenticator; a refused credential closes the
// socket with 4403 and the reason. Each subscribe message is held to what a POST is held to at that
// moment: the rate limit, the credential checked again, the operation cap per socket, then the
// document prepared by the same preparer (role schema, plan, compiled statement, session values).
// Its first result is run at once, then it joins its statement's cohort in the live-query hub
// (live-query-hub.ts), which refreshes it multiplexed. Every socket's credential is checked again
// every 5 seconds, so an access token whose session ended, or that expired, closes its socket
// with 4403. Caps per address and per credential as on the business socket. Each operation writes
// one access log line when it ends, as a POST does (src/request-envelope/socket-operation-log.ts).
import type { IncomingHttpHeaders, Server } from 'node:http';
import { GraphQLError, parse, type ExecutionArgs, type GraphQLFormattedError } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { toAppError } from '../../errors/app-error.ts';
import { isCredentialRefusal } from '../../errors/credential-refusal.ts';
import { graphqlValuesViolation } from '../../graphql-limits/json-nesting.ts';
import type { DataQueryExecutor } from '../../records/data-layer-sql/data-query-executor.ts';
import type { FailedCredentialLimit } from '../../request-envelope/failed-credential-limit.ts';
import type { ClientRateLimit } from '../../request-envelope/rate-limit.ts';
import type { SocketOperationLog } from '../../request-envelope/socket-operation-log.ts';
import type { DataAuthenticator } from '../auth/authenticate-data-request.ts';
import { authenticateUnderLimit } from '../data-layer-credential-limit.ts';
import { DataLayerError, DataLayerErrors, errorEntry, type ErrorEntry } from '../data-layer-error.ts';
import type { DataRequestPreparer } from '../request/prepare-data-request.ts';
import { createLiveQueryHub, type LiveQueryHub } from './live-query-hub.ts';
import { prepareLiveStart } from './prepare-live-start.ts';
import { LiveSubscriptionError, liveSubscription, type LiveStart } from './live-subscription.ts';
import {
  closeReason,
  createSocketCallers,
  dataSocketCloseCodes,
  type DataSocketCaps,
  type SocketCallers,
} from './socket-callers.ts';
import { socketHeaders } from './socket-headers.ts';

export interface DataLayerSocketOptions {
  readonly server: Server;
  readonly authenticate: DataAuthenticator;
  readonly prepare: DataRequestPreparer;
  readonly queries: Pick<DataQueryExecutor, 'runMultiplexed'>;
  readonly logger: Logger;
  readonly caps: DataSocketCaps;
  /** Each operation's access log line and request metric when it ends (docs/metrics.md#access-log). */
  readonly operations: SocketOperationLog;
  /** DATA_LIVE_QUERY_INTERVAL_MS: the longest a cohort waits between refreshes. */
  readonly intervalMs: number;
  readonly rateLimit?: ClientRateLimit | null;
  readonly failedCredentials?: FailedCredentialLimit;
  /** Subscribes to the tables written anywhere (data_changed), 'every' after notifications may have been lost. */
  readonly onTablesChanged?: (listener: (tables: readonly string[] | 'every') => void) => void;
  /** Told each cohort refresh and its statement count (docs/metrics.md#live-queries). */
  readonly onRefreshed?: (statements: number) => void;
}

export interface DataLayerSockets {
  readonly hub: LiveQueryHub;
  /** Closes every socket with 1001 Going Away; those still open at the deadline are cut (docs/service.md#shutdown). */
  drain(deadline: AbortSignal): Promise<void>;
}

type SocketExtra = { socket: WebSocket; request: { headers: IncomingHttpHeaders; socket: { remoteAddress?: string } } };

/**
 * How often every open socket's credential is checked again: as long as the bearer verifier
 * remembers a live session, so an ended session or an expired token closes its sockets within
 * about twice this (docs/data-layer.md#subscriptions).
 */
const credentialRecheckMs = 5_000;

/** The largest message: a POST body's limit (docs/data-layer.md#limits). */
const maxPayload = 1024 * 1024;

export function startDataLayerSockets(options: DataLayerSocketOptions): DataLayerSockets {
  const wsServer = new WebSocketServer({ server: options.server, path: '/v1/graphql', maxPayload });
  const callers = createSocketCallers(options.caps);
  const hub = createLiveQueryHub({
    queries: options.queries,
    intervalMs: options.intervalMs,
    logger: options.logger,
    onRefreshed: options.onRefreshed,
  });
  options.onTablesChanged?.((tables) => hub.tablesChanged(tables));
  // Before graphql-ws' own listener: a socket past its address' cap is closed before it is served.
  wsServer.on('connection', (socket, request) => {
    const address = request.socket.remoteAddress ?? '';
    callers.opened(socket, address);
    socket.once('close', () => callers.closed(socket, address));
  });
  const disposable = useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      onConnect: (ctx) => connect(ctx.extra, ctx.connectionParams, options, callers),
      onSubscribe: (ctx, id, payload) => subscribe({ ...ctx, id, payload }, options, callers, hub),
      subscribe: (args) => {
        const { start, socket } = args.contextValue as LiveContext;
        return liveSubscription(start, socket);
      },
      onComplete: (ctx, id) => options.operations.ended(ctx.extra, id),
      onError: (ctx, id, _payload, errors) => {
        const formatted = errors.map(formattedError);
        options.operations.ended(ctx.extra, id, formatted);
        return formatted;
      },
    },
    wsServer,
  );
  const recheck = setInterval(() => void recheckCredentials(callers, options), credentialRecheckMs);
  recheck.unref();
  return {
    hub,
    async drain(deadline) {
      clearInterval(recheck);
      hub.stop();
      const cut = () => {
        for (const client of wsServer.clients) client.terminate();
      };
      deadline.addEventListener('abort', cut, { once: true });
      try {
        await disposable.dispose();
      } finally {
        deadline.removeEventListener('abort', cut);
      }
    },
  };
}

interface LiveContext {
  readonly start: LiveStart;
  readonly socket: { socket: WebSocket; id: string; hub: LiveQueryHub };
}

/** connection_init: the credential checked under the failed-credential limit; false closes the socket. */
async function connect(
  extra: SocketExtra,
  params: Record<string, unknown> | undefined,
  options: DataLayerSocketOptions,
  callers: SocketCallers,
): Promise<boolean> {
  const headers = socketHeaders(params, extra.request.headers);
  const address = extra.request.socket.remoteAddress ?? '';
  try {
    await authenticateUnderLimit(
      options.failedCredentials,
      { headers, socket: { remoteAddress: address } },
      options.authenticate,
    );
  } catch (error) {
    const appError = toAppError(error);
    const code = appError.code === 'RATE_LIMITED' ? dataSocketCloseCodes.tooMany : dataSocketCloseCodes.forbidden;
    extra.socket.close(code, closeReason(appError.publicMessage));
    return false;
  }
  return callers.authenticated(extra.socket, { headers, address });
}

/** A subscribe message checked as a POST is, prepared, and its first result run; or the errors it answers. */
async function subscribe(
  message: { extra: SocketExtra; subscriptions: Record<string, unknown>; id: string; payload: SubscribePayload },
  options: DataLayerSocketOptions,
  callers: SocketCallers,
  hub: LiveQueryHub,
): Promise<ExecutionArgs | readonly GraphQLError[]> {
  const { extra, subscriptions, id, payload } = message;
  const { socket } = extra;
  options.operations.started(extra, id, 'anonymous');
  try {
    const caller = callers.callerOf(socket);
    if (!caller) throw new DataLayerError('UNAUTHENTICATED', 'the socket has no credentials');
    const cap = options.caps.operationsPerSocket;
    // graphql-ws has already registered this operation's id.
    if (cap !== 0 && Object.keys(subscriptions).length > cap)
      throw new DataLayerError('RATE_LIMITED', `too many operations on this socket at once (at most ${cap})`, '$', 1);
    if (options.rateLimit) await options.rateLimit(caller.address, caller.headers);
    const dataCaller = await authenticateAgain(socket, caller.headers, options);
    options.operations.identified(extra, id, dataCaller.via, dataCaller.role);
    const tooDeep = graphqlValuesViolation(payload);
    if (tooDeep) throw new DataLayerError('BAD_REQUEST', tooDeep, '$.variables');
    const request = {
      query: payload.query,
      variables: payload.variables ?? null,
      operationName: payload.operationName ?? null,
    };
    const prepared = options.prepare(dataCaller, request, 'socket');
    const start = await prepareLiveStart(prepared, options.queries);
    const contextValue: LiveContext = { start, socket: { socket, id, hub } };
    // graphql-ws reads the operation's kind from the document to call `subscribe`; the plan is already made.
    return { schema: prepared.schema, document: subscriptionDocument, contextValue };
  } catch (error) {
    if (error instanceof DataLayerErrors) return error.entries.map(graphqlError);
    if (toAppError(error).code === 'INTERNAL') options.logger.error({ err: error }, 'data layer subscription failed');
    return [graphqlError(errorEntry(error))];
  }
}

const subscriptionDocument = parse('subscription { live }');

/** The credential as it is now; a refused one closes the socket with 4403: every other operation on it would fail too. */
async function authenticateAgain(socket: WebSocket, headers: IncomingHttpHeaders, options: DataLayerSocketOptions) {
  try {
    return await options.authenticate(headers);
  } catch (error) {
    if (isCredentialRefusal(error))
      socket.close(dataSocketCloseCodes.forbidden, closeReason(toAppError(error).publicMessage));
    throw error;
  }
}

/** Each distinct credential once per round; a refused one closes its sockets. A database fault proves nothing. */
async function recheckCredentials(callers: SocketCallers, options: DataLayerSocketOptions): Promise<void> {
  const byCredential = new Map<string, { headers: IncomingHttpHeaders; sockets: WebSocket[] }>();
  for (const [socket, caller] of callers.entries()) {
    const key = JSON.stringify(caller.headers);
    const known = byCredential.get(key);
    if (known) known.sockets.push(socket);
    else byCredential.set(key, { headers: caller.headers, sockets: [socket] });
  }
  await Promise.all(
    [...byCredential.values()].map(async ({ headers, sockets }) => {
      try {
        await options.authenticate(headers);
      } catch (error) {
        if (!isCredentialRefusal(error)) return;
        const reason = closeReason(toAppError(error).publicMessage);
        for (const socket of sockets) socket.close(dataSocketCloseCodes.forbidden, reason);
      }
    }),
  );
}

function graphqlError(entry: ErrorEntry): GraphQLError {
  return new GraphQLError(entry.message, { extensions: { code: entry.code, path: entry.path } });
}

/** An error a subscription ended with, in the data layer's shape (`extensions.code`, `path`). */
function formattedError(error: GraphQLError): GraphQLFormattedError {
  const cause = error.originalError instanceof LiveSubscriptionError ? error.originalError.cause : null;
  if (!cause) return error.toJSON();
  const entry = errorEntry(cause);
  return { message: entry.message, extensions: { code: entry.code, path: entry.path } };
}
