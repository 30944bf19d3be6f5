// One request to a BitGo-compatible custodian and its answer (docs/custody.md#the-http-client):
// bearer-token authentication, one deadline per request covering the body too, a bounded answer,
// error answers mapped to CustodyProviderError, and the outcome logged with the call's context.
// The access token goes into the Authorization header and nowhere else: custodian text is
// scrubbed of it before it reaches an error or a log.
import type { Logger } from 'pino';
import {
  boundedText,
  custodianAnswerError,
  custodianBadResponse,
  custodianUnavailable,
  CustodyProviderError,
  type CustodianErrorBody,
} from './custody-provider-error.ts';
import { decodeErrorBody } from './custody-wire-decode.ts';
import { providerFetch } from '../../observability/tracing/traced-fetch.ts';

export const defaultCustodyTimeoutMs = 10_000;
/** Larger answers are refused unread: a transfer batch of 500 is well under 1 MiB. */
export const maxCustodyAnswerBytes = 8 * 1024 * 1024;
const maxRetryAfterSeconds = 3600;

export interface CustodyExchangeOptions {
  /** Base URL of the custodian; a path prefix (a proxy) is kept, credentials in it are not. */
  url: string;
  accessToken: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
}

export interface Call {
  operation: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  /** Logged with the outcome: which wallet or approval, never a secret. */
  context: Record<string, unknown>;
}

export interface Answer {
  status: number;
  body: unknown;
}

export type Send = (call: Call) => Promise<Answer>;

/** What one exchange needs, fixed when the client is made. */
interface Endpoint {
  readonly prefix: string;
  readonly accessToken: string;
  readonly timeoutMs: number;
  readonly fetchFn: typeof fetch;
  readonly scrub: (text: string) => string;
}

export function createSender(options: CustodyExchangeOptions): Send {
  const base = new URL(options.url);
  const { accessToken, logger } = options;
  const endpoint: Endpoint = {
    prefix: `${base.origin}${base.pathname.replace(/\/+$/, '')}`,
    accessToken,
    timeoutMs: options.timeoutMs ?? defaultCustodyTimeoutMs,
    fetchFn: options.fetch ?? providerFetch('custody'),
    scrub: (text: string) => boundedText(text.split(accessToken).join('[redacted]')),
  };
  return (call) => loggedExchange(endpoint, logger, call);
}

async function loggedExchange(endpoint: Endpoint, logger: Logger, call: Call): Promise<Answer> {
  const started = performance.now();
  const context = { provider: 'custody', operation: call.operation, ...call.context };
  try {
    const answer = await exchange(endpoint, call);
    logger.debug(
      { ...context, status: answer.status, ms: Math.round(performance.now() - started) },
      'custodian answered',
    );
    return answer;
  } catch (error) {
    // Logged here too: the error handler logs only the error, which would lose the call's context.
    // A refusal or an outage the caller tells its client about is logged at warn by that caller,
    // with the request's id (src/domain/wallets/provider-failure-messages.ts): here only at debug.
    const level = error instanceof CustodyProviderError && error.code !== 'INTERNAL' ? 'debug' : 'warn';
    logger[level]({ ...context, ms: Math.round(performance.now() - started), err: error }, 'custodian request failed');
    throw error;
  }
}

async function exchange(endpoint: Endpoint, call: Call): Promise<Answer> {
  const { response, text } = await fetchText(endpoint, call);
  const body = parseJson(text);
  if (response.status < 200 || response.status > 299) {
    throw custodianAnswerError(
      call.operation,
      response.status,
      scrubbed(decodeErrorBody(body), endpoint.scrub),
      retryAfter(response),
    );
  }
  if (body === undefined) {
    throw custodianBadResponse(
      `custodian answered ${call.operation} with HTTP ${response.status} and a body that is not JSON`,
      response.status,
    );
  }
  return { status: response.status, body };
}

async function fetchText(endpoint: Endpoint, call: Call): Promise<{ response: Response; text: string }> {
  const query = call.query ? `?${call.query.toString()}` : '';
  const headers: Record<string, string> = {
    Authorization: `Bearer ${endpoint.accessToken}`,
    Accept: 'application/json',
  };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    // `manual`: a redirect is an answer this client does not expect, not a place to send the token.
    const response = await endpoint.fetchFn(`${endpoint.prefix}${call.path}${query}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
    return { response, text: await readBounded(response, call.operation) };
  } catch (error) {
    if (error instanceof CustodyProviderError) throw error;
    throw networkFailure(error, call.operation, endpoint.timeoutMs, endpoint.scrub);
  }
}

async function readBounded(response: Response, operation: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxCustodyAnswerBytes) {
    await response.body?.cancel();
    throw custodianBadResponse(
      `custodian answered ${operation} with ${declared} bytes, more than the ${maxCustodyAnswerBytes} accepted`,
      response.status,
    );
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > maxCustodyAnswerBytes) {
    throw custodianBadResponse(
      `custodian answered ${operation} with ${bytes.length} bytes, more than the ${maxCustodyAnswerBytes} accepted`,
      response.status,
    );
  }
  return bytes.toString('utf8');
}

function networkFailure(error: unknown, operation: string, timeoutMs: number, scrub: (text: string) => string) {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return custodianUnavailable(`custodian did not answer ${operation} within the ${timeoutMs} ms timeout`, error);
  }
  return custodianUnavailable(`custodian could not be reached for ${operation}: ${scrub(describe(error))}`, error);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

function scrubbed(
  body: CustodianErrorBody | undefined,
  scrub: (text: string) => string,
): CustodianErrorBody | undefined {
  if (!body) return undefined;
  return {
    error: scrub(body.error),
    name: scrub(body.name),
    requestId: body.requestId === null ? null : scrub(body.requestId),
  };
}

/** Retry-After in whole seconds (the date form is rare from APIs and not worth parsing). */
function retryAfter(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null || !/^[0-9]{1,6}$/.test(header.trim())) return undefined;
  return Math.min(Number(header.trim()), maxRetryAfterSeconds);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
