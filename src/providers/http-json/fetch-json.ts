// One JSON request to an outside provider with a deadline and a size limit, and how its failures
// become AppErrors (docs/providers.md#errors): a provider that cannot be reached, does not answer
// in time, is overloaded (429) or failing (5xx) is SERVICE_UNAVAILABLE with a retry delay; a
// refused credential or an answer that breaks the contract is INTERNAL (masked for clients, the
// message is for the logs). Credentials never reach a message.
import { AppError } from '../../errors/app-error.ts';
import { isRecord, ShapeError } from './json-fields.ts';
import { parseJsonKeepingNumbers } from './json-number.ts';

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  /** The body parsed with numbers kept as written (json-number.ts); undefined when not JSON. */
  json: unknown;
}

export interface JsonRequest {
  /** The provider as messages name it, e.g. `AML provider`. */
  provider: string;
  /** The operation as messages name it, e.g. `screenWallet`. */
  operation: string;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** Larger answers are refused: a price list or a screening is a few kilobytes. */
export const maxAnswerBytes = 4 * 1024 * 1024;
/** The retry delay when an unavailable provider names none. */
export const defaultRetryAfterSeconds = 30;

export async function fetchJson(request: JsonRequest): Promise<ProviderAnswer> {
  const { provider, operation, timeoutMs } = request;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    // `manual`: a redirect would carry the credential to wherever it points.
    response = await request.fetch(request.url, { ...request.init, redirect: 'manual', signal });
  } catch (error) {
    throw networkFailure(error, provider, operation, timeoutMs);
  }
  let text: string;
  try {
    text = await readLimited(response, provider, operation);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw networkFailure(error, provider, operation, timeoutMs);
  }
  return { status: response.status, headers: response.headers, json: parseJsonKeepingNumbers(text) };
}

/** A non-2xx answer as an AppError; callers first handle the statuses their operation defines. */
export function answerFailure(answer: ProviderAnswer, provider: string, operation: string): AppError {
  const { status } = answer;
  const said = providerMessage(answer.json);
  if (status === 429 || status >= 500) {
    const retryAfterSeconds = retryAfter(answer.headers.get('retry-after'));
    return new AppError('SERVICE_UNAVAILABLE', `${provider} is unavailable: it answered ${status} to ${operation}`, {
      retryAfterSeconds,
    });
  }
  if (status === 401 || status === 403) {
    return new AppError(
      'INTERNAL',
      `${provider} refused the configured credentials (${status}) for ${operation}${said ? `: ${said}` : ''}`,
    );
  }
  return new AppError('INTERNAL', `${provider} answered ${status} to ${operation}${said ? `: ${said}` : ''}`);
}

/** A 2xx answer that breaks the contract, as INTERNAL naming the broken field. */
export function contractFailure(error: unknown, answer: ProviderAnswer, provider: string, operation: string): AppError {
  if (answer.json === undefined) {
    return new AppError(
      'INTERNAL',
      `${provider} answered ${answer.status} to ${operation} with a body that is not JSON`,
    );
  }
  if (error instanceof ShapeError) {
    return new AppError('INTERNAL', `${provider} answered ${operation} with an unexpected shape: ${error.message}`, {
      cause: error,
    });
  }
  return error instanceof AppError ? error : new AppError('INTERNAL', String(error), { cause: error });
}

/** The provider's own explanation (`{error, message, requestId}`), shortened. */
export function providerMessage(json: unknown): string | undefined {
  if (!isRecord(json)) return undefined;
  const text = [json.message, json.error, json.description].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (text === undefined) return undefined;
  const requestId = typeof json.requestId === 'string' ? ` (requestId ${json.requestId.slice(0, 100)})` : '';
  const trimmed = text.trim();
  return `${trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed}${requestId}`;
}

/** Retry-After in whole seconds (a number of seconds or an HTTP date), within 1 s to 1 h. */
function retryAfter(header: string | null, now = Date.now()): number {
  if (header === null) return defaultRetryAfterSeconds;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds)) return defaultRetryAfterSeconds;
  return Math.min(3600, Math.max(1, Math.ceil(seconds)));
}

async function readLimited(response: Response, provider: string, operation: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxAnswerBytes) {
    await response.body?.cancel();
    throw tooLarge(provider, operation);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxAnswerBytes) {
      await response.body.cancel().catch(() => {});
      throw tooLarge(provider, operation);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(provider: string, operation: string): AppError {
  return new AppError('INTERNAL', `${provider} answered ${operation} with more than ${maxAnswerBytes} bytes`);
}

function networkFailure(error: unknown, provider: string, operation: string, timeoutMs: number): AppError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const message = timedOut
    ? `${provider} is unavailable: it did not answer ${operation} within ${timeoutMs} ms`
    : `${provider} is unavailable: ${operation} could not reach it (${describeNetworkError(error)})`;
  return new AppError('SERVICE_UNAVAILABLE', message, { retryAfterSeconds: defaultRetryAfterSeconds, cause: error });
}

/** `fetch failed: connect ECONNREFUSED 127.0.0.1:9` → the cause's code: no URL, so no credential. */
function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  if (code) return code;
  return error instanceof Error ? error.name : 'network error';
}
