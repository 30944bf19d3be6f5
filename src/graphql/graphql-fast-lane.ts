// POST /graphql served in front of Koa (docs/requests.md#the-graphql-fast-lane): an ordinary
// request (the exact path, a UTF-8 JSON body of declared length within the limit, an Accept a
// GraphQL response can meet, an X-API-Key) is answered here by the same steps, in the same order
// and with the same answers as the Koa route (router.ts, graphql-transport.ts), from the request
// envelope every front door shares (src/request-envelope/): its request id, the deadline, the rate
// limit, the key, the body, the answer, the access log line and the metrics. Anything else goes to Koa untouched, which answers it as always. Koa's context, its
// middleware dispatch and its response handling cost a `{ ping }` about as much as graphql-js'
// execution (docs/benchmarks-log.md#what-the-hot-paths-pay-for-2026-11-24).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { operations } from '../../generated/openapi/operations.ts';
import { type Principal, anonymous } from '../access/principal.ts';
import type { AppError } from '../errors/app-error.ts';
import { principalKind } from '../http/principal-kind.ts';
import type { Metrics } from '../observability/metrics.ts';
import { jsonBodyLimitBytes } from '../request-envelope/body-limit.ts';
import { encodedBodyRefusal } from '../request-headers/content-encoding.ts';
import { type FailedCredentialLimit, checkCredential } from '../request-envelope/failed-credential-limit.ts';
import type { ClientRateLimit } from '../request-envelope/rate-limit.ts';
import { requestIdFor } from '../request-envelope/request-id.ts';
import { RequestObserver, secondsSince } from '../request-envelope/request-observer.ts';
import { settleError } from '../request-envelope/settle-error.ts';
import { doorDeadline, runWithin, stopDeadline } from '../request-envelope/under-deadline.ts';
import { writeAnswer } from '../request-envelope/write-answer.ts';
import { type GraphqlMediaType, acceptedMediaType } from './accepted-media-type.ts';
import type { GraphqlAnswer, GraphqlAnswerer } from './graphql-answer.ts';
import { graphqlErrorBody } from './graphql-error-body.ts';
import { readGraphqlRequest, utf8Json } from './graphql-request-body.ts';
import { RequestGraphqlContext } from './request-graphql-context.ts';
import { nameServerSpan, traceIdOf } from '../observability/tracing/traced-listener.ts';

export interface GraphqlFastLaneOptions {
  answer: GraphqlAnswerer;
  /** The X-API-Key check the router's authenticator makes for POST /graphql (its only scheme). */
  authenticateApiKey: (secret: string) => Promise<Principal>;
  /** Refused keys per client address, as the router's authenticator counts them. */
  failedCredentials: FailedCredentialLimit;
  /** The same counts as the route's rate-limit guard; null when the limit is off. */
  rateLimit: ClientRateLimit | null;
  /** REQUEST_TIMEOUT_MS; 0: none. */
  requestTimeoutMs: number;
  logger: Logger;
  metrics: Metrics;
}

const route = operations.postGraphql.path;

/** `koa`: the app's listener, for every request the lane does not take. `app.proxy`: the lane takes none when Koa trusts proxy headers for the client address. */
export function withGraphqlFastLane(
  koa: RequestListener,
  app: { readonly proxy: boolean },
  options: GraphqlFastLaneOptions,
): RequestListener {
  // The route's access log line and metrics (`server: api`), as the Koa app writes them.
  const observer = new RequestObserver('api', options.logger, options.metrics);
  return (request, response) => {
    const lane = app.proxy ? null : fastLaneRequest(request);
    if (lane) void serve(request, response, lane, options, observer);
    else void koa(request, response);
  };
}

/** What an ordinary request needs from its headers, or null when the request is not one. */
export function fastLaneRequest(request: IncomingMessage): { mediaType: GraphqlMediaType; apiKey: string } | null {
  if (request.method !== 'POST' || request.url !== route) return null;
  const { headers } = request;
  const contentType = headers['content-type'] ?? '';
  if (
    contentType !== 'application/json' &&
    (contentType.split(';')[0] !== 'application/json' || !utf8Json(contentType))
  )
    return null;
  if (encodedBodyRefusal(headers['content-encoding']) !== null) return null;
  const declared = headers['content-length'];
  if (declared === undefined || !(Number(declared) <= jsonBodyLimitBytes)) return null;
  const apiKey = headers['x-api-key'];
  if (typeof apiKey !== 'string' || apiKey === '') return null;
  const mediaType = acceptedMediaType(headers.accept);
  return mediaType === null ? null : { mediaType, apiKey };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  lane: { mediaType: GraphqlMediaType; apiKey: string },
  options: GraphqlFastLaneOptions,
  observer: RequestObserver,
): Promise<void> {
  const exchange = new LaneExchange(request, response, options, observer);
  const deadline = doorDeadline(request, options.requestTimeoutMs, (error) => exchange.fail(error));
  let answer: GraphqlAnswer;
  try {
    answer = await runWithin(deadline, () => exchange.answer(lane));
  } catch (thrown) {
    // Past the deadline the request was answered then: a late failure is dropped.
    if (stopDeadline(deadline)) exchange.fail(thrown);
    return;
  }
  if (stopDeadline(deadline)) exchange.finish(answer);
}

/** One request through the lane: its answer and, once answered, its access log line and metrics. */
class LaneExchange {
  readonly #started = performance.now();
  readonly #requestId: string;
  #principal: Principal = anonymous;
  readonly #request: IncomingMessage;
  readonly #response: ServerResponse;
  readonly #options: GraphqlFastLaneOptions;
  readonly #observer: RequestObserver;

  constructor(
    request: IncomingMessage,
    response: ServerResponse,
    options: GraphqlFastLaneOptions,
    observer: RequestObserver,
  ) {
    this.#request = request;
    this.#response = response;
    this.#options = options;
    this.#observer = observer;
    this.#requestId = requestIdFor(request.headers);
  }

  async answer(lane: { mediaType: GraphqlMediaType; apiKey: string }): Promise<GraphqlAnswer> {
    const request = this.#request;
    const options = this.#options;
    // Before the key, so guessing keys is limited too (as the route's guard).
    const address = request.socket.remoteAddress ?? '';
    if (options.rateLimit) await options.rateLimit(address, request.headers);
    this.#principal = await checkCredential(options.failedCredentials, address, () =>
      options.authenticateApiKey(lane.apiKey),
    );
    const graphqlRequest = await readGraphqlRequest(request);
    const actingUser = (request.headers['x-acting-user'] as string | undefined) || undefined;
    const context = new RequestGraphqlContext(this.#requestId, this.#principal, actingUser, options.logger);
    return options.answer(graphqlRequest, context, lane.mediaType, { ip: address, credential: lane.apiKey });
  }

  fail(thrown: unknown): void {
    const error = settleError(thrown, this.#options.logger, { requestId: this.#requestId, route });
    const { contentType, body } = graphqlErrorBody(error, this.#request.headers.accept);
    this.finish({ status: error.httpStatus, contentType, body }, error);
  }

  finish(answer: GraphqlAnswer, error?: AppError): void {
    const response = this.#response;
    if (writable(response))
      writeAnswer(response, this.#requestId, answer.status, answer.contentType, answer.body, error);
    nameServerSpan(response, 'POST', route);
    this.#observer.answered(
      'POST',
      route,
      answer.status,
      this.#requestId,
      principalKind(this.#principal),
      undefined,
      secondsSince(this.#started),
      traceIdOf(response),
    );
  }
}

/** Koa's rule (`ctx.writable`): nothing is written to a response already ended or a socket gone. */
function writable(response: ServerResponse): boolean {
  if (response.writableEnded) return false;
  return response.socket?.writable ?? true;
}
