// HTTP client of the Sumsub-like KYC provider (docs/domain.md#kyc,
// docs/providers.md#kyc). Every request is signed and has a
// deadline. Provider failures become INTERNAL (masked for clients, the message is for logs), except
// a 400/404 that describes what was wrong with the applicant or level: that is the caller's
// BAD_REQUEST, and a 404 for a document file, which means the provider has no such document (null).
// The secret key and the returned token are never logged nor put in an error message.
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.ts';
import {
  assertValidAccessTokenRequest,
  type KycAccessToken,
  type KycAccessTokenRequest,
  type KycDocumentFile,
  type KycProvider,
} from './kyc-provider.ts';
import { signKycRequest } from './sign-kyc-request.ts';
import type { KycApplicant } from './kyc-applicant.ts';
import { ApplicantShapeError, readKycApplicant } from './read-kyc-applicant.ts';
import { providerFetch } from '../../observability/tracing/traced-fetch.ts';

export const defaultKycTimeoutMs = 10_000;

export interface KycHttpClientOptions {
  /** Base URL of the provider; a path prefix (a proxy) is kept and signed. */
  url: string;
  appToken: string;
  secretKey: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
  now?: () => Date;
}

interface ProviderAnswer {
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

const operation = 'accessTokens';
const documentOperation = 'inspectionResource';
const applicantOperation = 'applicantData';
const maxDescriptionLength = 500;
/** The largest document file accepted, the platform's own upload limit (docs/files.md#limits). */
export const maxKycDocumentBytes = 80 * 1024 * 1024;

/** What every call needs, fixed when the client is made. */
interface Endpoint {
  readonly origin: string;
  readonly pathPrefix: string;
  readonly timeoutMs: number;
  readonly fetchFn: typeof fetch;
  readonly now: () => Date;
  readonly appToken: string;
  readonly secretKey: string;
  readonly logger: Logger;
}

interface SignedCall<T> {
  method: 'GET' | 'POST';
  pathWithQuery: string;
  body?: string;
  accept: string;
  at: Date;
  operation: string;
  context: Record<string, unknown>;
  read: (answer: ProviderAnswer) => T;
  /** What the debug line says of a result: its message and any fields beside the timing. */
  done: (result: T) => { message: string; fields?: Record<string, unknown> };
}

export function createKycHttpClient(options: KycHttpClientOptions): KycProvider {
  const base = new URL(options.url);
  const endpoint: Endpoint = {
    origin: base.origin,
    pathPrefix: base.pathname.replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? defaultKycTimeoutMs,
    fetchFn: options.fetch ?? providerFetch('kyc'),
    now: options.now ?? (() => new Date()),
    appToken: options.appToken,
    secretKey: options.secretKey,
    logger: options.logger,
  };
  return {
    createAccessToken: (request) => createAccessToken(endpoint, request),
    getDocumentFile: (inspectionId, documentId) => getDocumentFile(endpoint, inspectionId, documentId),
    getApplicant: (applicantId) => getApplicant(endpoint, applicantId),
  };
}

async function createAccessToken(endpoint: Endpoint, request: KycAccessTokenRequest): Promise<KycAccessToken> {
  assertValidAccessTokenRequest(request);
  const sentAt = endpoint.now();
  const token = await signedCall(endpoint, {
    method: 'POST',
    pathWithQuery: `${endpoint.pathPrefix}/resources/accessTokens?${accessTokenQuery(request)}`,
    body: JSON.stringify(applicantFields(request)),
    accept: 'application/json',
    at: sentAt,
    operation,
    context: { userId: request.userId, levelName: request.levelName },
    read: (answer) => readAccessToken(answer, request.userId),
    done: () => ({ message: 'KYC access token created' }),
  });
  return { token, userId: request.userId, expiresAt: new Date(sentAt.getTime() + request.ttlInSecs * 1000) };
}

// Sumsub: GET /resources/inspections/{inspectionId}/resources/{imageId}; the platform's
// document id is the provider's resource id. Ids are encoded like query values, so a `/`
// in one cannot reach another path and the path sent is the path signed.
function getDocumentFile(endpoint: Endpoint, inspectionId: string, documentId: string) {
  return signedCall(endpoint, {
    method: 'GET',
    pathWithQuery: `${endpoint.pathPrefix}/resources/inspections/${encodeQueryValue(inspectionId)}/resources/${encodeQueryValue(documentId)}`,
    accept: 'image/jpeg, image/png, application/pdf',
    at: endpoint.now(),
    operation: documentOperation,
    context: { inspectionId, documentId },
    read: readDocumentFile,
    done: (file) => ({ message: 'KYC document file fetched', fields: { found: file !== null } }),
  });
}

// Sumsub: GET /resources/applicants/{applicantId}/one (docs/kyc.md#provider-wire-shape). The
// answer holds personal data: nothing of it is logged, only the outcome.
function getApplicant(endpoint: Endpoint, applicantId: string) {
  return signedCall(endpoint, {
    method: 'GET',
    pathWithQuery: `${endpoint.pathPrefix}/resources/applicants/${encodeQueryValue(applicantId)}/one`,
    accept: 'application/json',
    at: endpoint.now(),
    operation: applicantOperation,
    context: { applicantId },
    read: (answer) => readApplicant(answer, applicantId),
    done: (applicant) => ({ message: 'KYC applicant fetched', fields: { found: applicant !== null } }),
  });
}

/**
 * One signed call (docs/kyc.md#provider-wire-shape): the app token, the time and the signature
 * of time, method, path and body; then `read` of the answer, its time, and on failure a warning
 * naming the call (logged here as well: the error handler logs only an error's cause, which
 * would lose which provider call failed).
 */
async function signedCall<T>(endpoint: Endpoint, call: SignedCall<T>): Promise<T> {
  const { method, pathWithQuery, body } = call;
  const ts = Math.floor(call.at.getTime() / 1000);
  const headers = {
    'X-App-Token': endpoint.appToken,
    'X-App-Access-Ts': String(ts),
    'X-App-Access-Sig': signKycRequest(endpoint.secretKey, { ts, method, pathWithQuery, body: body ?? '' }),
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    Accept: call.accept,
  };
  const context = { provider: 'kyc', operation: call.operation, ...call.context };
  const started = performance.now();
  const { fetchFn, timeoutMs, logger } = endpoint;
  try {
    const init = body === undefined ? { method, headers } : { method, headers, body };
    const result = call.read(
      await send(fetchFn, `${endpoint.origin}${pathWithQuery}`, init, timeoutMs, call.operation),
    );
    const { message, fields } = call.done(result);
    logger.debug({ ...context, ms: Math.round(performance.now() - started), ...fields }, message);
    return result;
  } catch (error) {
    logger.warn({ ...context, ms: Math.round(performance.now() - started), err: error }, 'KYC provider request failed');
    throw error;
  }
}

function readApplicant(answer: ProviderAnswer, requestedId: string): KycApplicant | null {
  if (answer.status === 404) return null;
  if (answer.status !== 200)
    throw new AppError('INTERNAL', `KYC provider answered ${answer.status} for ${applicantOperation}`);
  const parsed = parseJson(answer.bytes.toString('utf8'));
  if (parsed === undefined)
    throw new AppError('INTERNAL', `KYC provider answered ${applicantOperation} with a body that is not JSON`);
  let applicant: KycApplicant;
  try {
    applicant = readKycApplicant(parsed);
  } catch (error) {
    if (error instanceof ApplicantShapeError)
      throw new AppError('INTERNAL', `KYC provider answered ${applicantOperation}: ${error.message}`);
    throw error;
  }
  // Another applicant's answers stored under this profile would disclose them to its readers.
  if (applicant.applicantId !== requestedId)
    throw new AppError(
      'INTERNAL',
      `KYC provider answered ${applicantOperation} for applicant ${JSON.stringify(applicant.applicantId)} instead of ${JSON.stringify(requestedId)}`,
    );
  return applicant;
}

function accessTokenQuery(request: KycAccessTokenRequest): string {
  return `userId=${encodeQueryValue(request.userId)}&levelName=${encodeQueryValue(request.levelName)}&ttlInSecs=${request.ttlInSecs}`;
}

/**
 * RFC 3986 encoding: also escapes `!'()*`, which `encodeURIComponent` leaves alone and the URL
 * parser inside fetch would re-encode (`'` → `%27`), so the path sent is the path signed.
 */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function applicantFields(request: KycAccessTokenRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['email', 'firstName', 'lastName', 'currency', 'amount'] as const) {
    const value = request[name];
    if (value !== undefined) fields[name] = value;
  }
  return fields;
}

async function send(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  operationName: string,
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    // `manual`: a redirect would re-send the signed request to a path the signature does not cover.
    response = await fetchFn(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw networkFailure(error, operationName, timeoutMs);
  }
  const declaredLength = Number(response.headers.get('content-length') ?? '0');
  if (declaredLength > maxKycDocumentBytes) {
    await response.body?.cancel();
    throw new AppError(
      'INTERNAL',
      `KYC provider answered ${operationName} with ${declaredLength} bytes, more than the ${maxKycDocumentBytes} accepted`,
    );
  }
  try {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, contentType: mediaType(response.headers.get('content-type')), bytes };
  } catch (error) {
    throw networkFailure(error, operationName, timeoutMs);
  }
}

function networkFailure(error: unknown, operationName: string, timeoutMs: number): AppError {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new AppError('INTERNAL', `KYC provider did not answer ${operationName} within the ${timeoutMs} ms timeout`, {
      cause: error,
    });
  }
  return new AppError(
    'INTERNAL',
    `KYC provider could not be reached for ${operationName}: ${describeNetworkError(error)}`,
    { cause: error },
  );
}

/** `image/PNG; charset=x` → `image/png`; null when absent. */
function mediaType(header: string | null): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

function readDocumentFile(answer: ProviderAnswer): KycDocumentFile | null {
  if (answer.status === 404) return null;
  if (answer.status !== 200) {
    const parsed = parseJson(answer.bytes.toString('utf8'));
    const description =
      isRecord(parsed) && typeof parsed.description === 'string' && parsed.description.trim() !== ''
        ? `: ${truncate(parsed.description.trim())}`
        : '';
    throw new AppError('INTERNAL', `KYC provider answered ${answer.status} for ${documentOperation}${description}`);
  }
  if (answer.bytes.length > maxKycDocumentBytes) {
    throw new AppError(
      'INTERNAL',
      `KYC provider answered ${documentOperation} with ${answer.bytes.length} bytes, more than the ${maxKycDocumentBytes} accepted`,
    );
  }
  if (answer.bytes.length === 0)
    throw new AppError('INTERNAL', `KYC provider answered ${documentOperation} with an empty file`);
  return { contentType: answer.contentType ?? 'application/octet-stream', bytes: answer.bytes };
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

function readAccessToken(answer: ProviderAnswer, requestedUserId: string): string {
  const { status } = answer;
  const parsed = parseJson(answer.bytes.toString('utf8'));
  if (status < 200 || status >= 300) throw providerRefusal(status, parsed);
  // The body of a 2xx may hold the token: it never goes into a message, not even a JSON
  // parser's excerpt of it.
  if (parsed === undefined) {
    throw new AppError('INTERNAL', `KYC provider answered ${status} for ${operation} with a body that is not JSON`);
  }
  if (!isRecord(parsed) || typeof parsed.token !== 'string' || parsed.token === '') {
    throw new AppError('INTERNAL', `KYC provider answered ${status} for ${operation} without a token`);
  }
  // A token for another applicant would let this caller act as that applicant in the SDK.
  if (parsed.userId !== requestedUserId) {
    throw new AppError(
      'INTERNAL',
      `KYC provider answered ${operation} for userId ${JSON.stringify(parsed.userId)} instead of ${JSON.stringify(requestedUserId)}`,
    );
  }
  return parsed.token;
}

function providerRefusal(status: number, parsed: unknown): AppError {
  const description =
    isRecord(parsed) && typeof parsed.description === 'string' && parsed.description.trim() !== ''
      ? truncate(parsed.description.trim())
      : undefined;
  if ((status === 400 || status === 404) && description !== undefined) {
    return new AppError('BAD_REQUEST', `KYC provider refused the access token request: ${description}`);
  }
  const correlationId =
    isRecord(parsed) && typeof parsed.correlationId === 'string'
      ? ` (correlationId ${truncate(parsed.correlationId)})`
      : '';
  return new AppError(
    'INTERNAL',
    `KYC provider answered ${status} for ${operation}${description ? `: ${description}` : ''}${correlationId}`,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function truncate(text: string): string {
  return text.length > maxDescriptionLength ? `${text.slice(0, maxDescriptionLength)}…` : text;
}
