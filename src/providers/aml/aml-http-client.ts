// HTTP client of an AML screening provider in a Chainalysis/Elliptic-like REST shape
// (docs/providers.md#aml-screening): `POST {AML_URL}/v1/screenings` starts a screening,
// `GET {AML_URL}/v1/screenings/{id}` reads it; `Authorization: Bearer {AML_API_KEY}`. A provider
// that cannot be reached, times out, is overloaded or failing is SERVICE_UNAVAILABLE; a subject it
// refuses (400, 422) is BAD_REQUEST with its explanation; anything else, including an answer about
// another subject, is INTERNAL. The API key never reaches a log or a message.
import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error.ts';
import {
  answerFailure,
  contractFailure,
  fetchJson,
  type ProviderAnswer,
  providerMessage,
} from '../http-json/fetch-json.ts';
import {
  readArray,
  readDate,
  readDecimal,
  readNumber,
  readOneOf,
  readRecord,
  readString,
  ShapeError,
} from '../http-json/json-fields.ts';
import { providerFetch } from '../../observability/tracing/traced-fetch.ts';
import {
  type AmlExposure,
  amlExposureTypes,
  type AmlProvider,
  amlRiskLevels,
  type AmlScreening,
  type AmlScreeningRequest,
  amlScreeningStatuses,
  amlSubjectTypes,
  type AmlSubject,
  normalizeScreeningRequest,
  riskLevelForScore,
  screeningIdPattern,
} from './aml-provider.ts';

export const defaultAmlTimeoutMs = 10_000;
const provider = 'AML provider';

export interface AmlHttpClientOptions {
  /** Base URL of the provider; a path prefix (a proxy) is kept. */
  url: string;
  apiKey: string;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
}

/** What every call needs, fixed when the client is made. */
interface Endpoint {
  readonly screeningsUrl: string;
  readonly headers: { readonly Authorization: string; readonly Accept: string };
  readonly timeoutMs: number;
  readonly fetchFn: typeof fetch;
  readonly logger: Logger;
}

export function createAmlHttpClient(options: AmlHttpClientOptions): AmlProvider {
  const base = new URL(options.url);
  const endpoint: Endpoint = {
    screeningsUrl: `${base.origin}${base.pathname.replace(/\/+$/, '')}/v1/screenings`,
    headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
    timeoutMs: options.timeoutMs ?? defaultAmlTimeoutMs,
    fetchFn: options.fetch ?? providerFetch('aml'),
    logger: options.logger,
  };
  return {
    kind: 'http',
    screenWallet: async (request) => screenWallet(endpoint, request),
    getScreening: async (id) => getScreening(endpoint, id),
  };
}

/** Runs one provider call and logs its outcome with the call's context. */
async function call<T>(endpoint: Endpoint, operation: string, context: object, run: () => Promise<T>): Promise<T> {
  const { logger } = endpoint;
  const started = performance.now();
  try {
    const result = await run();
    logger.debug(
      { provider: 'aml', operation, ...context, ms: Math.round(performance.now() - started) },
      'AML provider answered',
    );
    return result;
  } catch (error) {
    // Logged here as well: the error handler logs only an error's cause, which would lose which call failed.
    // A refusal or an outage the caller tells its client about is logged at warn by that caller,
    // with the request's id (src/domain/wallets/provider-failure-messages.ts): here only at debug.
    const level = error instanceof AppError && error.code !== 'INTERNAL' ? 'debug' : 'warn';
    logger[level](
      { provider: 'aml', operation, ...context, ms: Math.round(performance.now() - started), err: error },
      'AML provider request failed',
    );
    throw error;
  }
}

async function screenWallet(endpoint: Endpoint, request: AmlScreeningRequest): Promise<AmlScreening> {
  const normalized = normalizeScreeningRequest(request);
  const operation = 'screenWallet';
  return call(endpoint, operation, { coin: normalized.coin, subjectType: normalized.subject.type }, async () => {
    const answer = await fetchJson({
      provider,
      operation,
      url: endpoint.screeningsUrl,
      init: {
        method: 'POST',
        headers: { ...endpoint.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ asset: normalized.coin, subject: normalized.subject }),
      },
      timeoutMs: endpoint.timeoutMs,
      fetch: endpoint.fetchFn,
    });
    if (answer.status === 400 || answer.status === 422) {
      const said = providerMessage(answer.json);
      if (said) throw new AppError('BAD_REQUEST', `${provider} refused the screening: ${said}`);
    }
    if (answer.status !== 200 && answer.status !== 201) throw answerFailure(answer, provider, operation);
    const screening = readAnswer(answer, operation);
    if (screening.coin !== normalized.coin || !sameSubject(screening.subject, normalized.subject)) {
      throw new AppError(
        'INTERNAL',
        `${provider} answered ${operation} about ${screening.coin} ${screening.subject.type} ${JSON.stringify(screening.subject.id)} instead of the subject asked`,
      );
    }
    return screening;
  });
}

async function getScreening(endpoint: Endpoint, id: string): Promise<AmlScreening | null> {
  if (typeof id !== 'string' || !screeningIdPattern.test(id)) return null;
  const operation = 'getScreening';
  return call(endpoint, operation, { screeningId: id }, async () => {
    const answer = await fetchJson({
      provider,
      operation,
      url: `${endpoint.screeningsUrl}/${encodeURIComponent(id)}`,
      init: { method: 'GET', headers: endpoint.headers },
      timeoutMs: endpoint.timeoutMs,
      fetch: endpoint.fetchFn,
    });
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw answerFailure(answer, provider, operation);
    const screening = readAnswer(answer, operation);
    if (screening.id !== id) {
      throw new AppError(
        'INTERNAL',
        `${provider} answered ${operation} with screening ${JSON.stringify(screening.id)} instead of ${JSON.stringify(id)}`,
      );
    }
    return screening;
  });
}

function readAnswer(answer: ProviderAnswer, operation: string): AmlScreening {
  try {
    return readScreening(answer.json);
  } catch (error) {
    throw contractFailure(error, answer, provider, operation);
  }
}

function readScreening(json: unknown): AmlScreening {
  const body = readRecord(json, '$');
  const subjectBody = readRecord(body.subject, '$.subject');
  const common = {
    id: readString(body.id, '$.id', { maxLength: 128 }),
    coin: readString(body.asset, '$.asset', { maxLength: 15 }).toUpperCase(),
    subject: {
      type: readOneOf(subjectBody.type, '$.subject.type', amlSubjectTypes),
      id: readString(subjectBody.id, '$.subject.id', { maxLength: 128 }),
    },
    createdAt: readDate(body.createdAt, '$.createdAt'),
  };
  const status = readOneOf(body.status, '$.status', amlScreeningStatuses);
  // Results are final only with the status (schema.graphql's AmlReport: null until complete).
  if (status === 'pending') {
    return { ...common, status, riskLevel: null, riskScore: null, exposures: [], completedAt: null };
  }
  const riskScore = isAbsent(body.riskScore) ? null : readNumber(body.riskScore, '$.riskScore', 0, 10);
  const riskLevel = isAbsent(body.riskLevel)
    ? riskScore === null
      ? null
      : riskLevelForScore(riskScore)
    : readOneOf(body.riskLevel, '$.riskLevel', amlRiskLevels);
  if (riskLevel === null)
    throw new ShapeError('$.riskLevel', `given, or a riskScore, when the status is ${status}`, undefined);
  return {
    ...common,
    status,
    riskLevel,
    riskScore,
    exposures: highestRiskFirst(
      readArray(body.exposures ?? [], '$.exposures').map((item, index) => readExposure(item, `$.exposures[${index}]`)),
    ),
    completedAt: readDate(body.completedAt, '$.completedAt'),
  };
}

function readExposure(item: unknown, path: string): AmlExposure {
  const body = readRecord(item, path);
  return {
    category: readString(body.category, `${path}.category`, { maxLength: 100 }).toLowerCase(),
    exposureType: readOneOf(body.exposureType, `${path}.exposureType`, amlExposureTypes),
    usdValue: readDecimal(body.usdValue, `${path}.usdValue`),
    sharePerc: readNumber(body.sharePerc, `${path}.sharePerc`, 0, 100),
    riskLevel: readOneOf(body.riskLevel, `${path}.riskLevel`, amlRiskLevels),
  };
}

/** Stable: within a level, the provider's order stays. */
function highestRiskFirst(exposures: AmlExposure[]): AmlExposure[] {
  return exposures.sort((a, b) => amlRiskLevels.indexOf(b.riskLevel) - amlRiskLevels.indexOf(a.riskLevel));
}

function isAbsent(value: unknown): boolean {
  return value === null || value === undefined;
}

function sameSubject(left: AmlSubject, right: AmlSubject): boolean {
  return left.type === right.type && left.id === right.id;
}
