// Sends the requests of one seed (or one index of it) with a few at a time in flight, checks each
// answer, and tallies statuses, failures and the slowest answers.
import http from 'node:http';
import { checkResponse } from './check-response.ts';
import type { FuzzPlan } from './fuzz-plan.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { type Endpoint, type FuzzResponse, StaleConnection, sendRequest } from './send-request.ts';

export interface FuzzFailure {
  seed: number;
  index: number;
  request: FuzzRequest;
  response?: FuzzResponse;
  problems: string[];
}

export interface SeedResult {
  seed: number;
  requests: number;
  /** Status (or `closed`: Node dropped a request that breaks HTTP) → count. */
  statuses: Map<string, number>;
  /** Target → requests answered 2xx/3xx: how often the fuzz got past validation and authentication. */
  accepted: Map<string, number>;
  /** GraphQL target → answers with `data` and no `errors`: documents that ran all the way. */
  executed: Map<string, number>;
  failures: FuzzFailure[];
  elapsedMs: number;
  /** The slowest answers: milliseconds, index, target. */
  slowest: { ms: number; index: number; target: string; variant: string }[];
  /** Every request with its answer, when the run keeps them (a replay). */
  kept: FuzzFailure[];
}

export interface SeedRun {
  plan: FuzzPlan;
  seed: number;
  /** Indexes to send: 0 … count-1, or the one being reproduced. */
  indexes: readonly number[];
  concurrency: number;
  endpoints: { main: Endpoint; data: Endpoint };
  fill: (text: string) => Promise<string>;
  /** Keep every request and answer, passing or not (a replay prints them). */
  keepAll?: boolean;
}

export async function runSeed(run: SeedRun): Promise<SeedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: run.concurrency });
  const result: SeedResult = {
    seed: run.seed,
    requests: 0,
    statuses: new Map(),
    accepted: new Map(),
    executed: new Map(),
    failures: [],
    elapsedMs: 0,
    slowest: [],
    kept: [],
  };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < run.indexes.length) {
      const index = run.indexes[next++] as number;
      await sendOne(run, index, agent, result);
    }
  };
  try {
    await Promise.all(Array.from({ length: run.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  result.elapsedMs = performance.now() - started;
  return result;
}

async function sendOne(run: SeedRun, index: number, agent: http.Agent, result: SeedResult): Promise<void> {
  const request = run.plan.requestAt(run.seed, index);
  result.requests += 1;
  let response: FuzzResponse;
  try {
    response = await sendRequest(run.endpoints[request.port], request, run.fill, agent).catch((error: unknown) => {
      // The server closed an idle kept-alive connection as it was reused: send once more on a new one.
      if (error instanceof StaleConnection) return sendRequest(run.endpoints[request.port], request, run.fill, null);
      throw error;
    });
  } catch (error) {
    const message = (error as Error).message;
    if (closedWhileSending(request, error as NodeJS.ErrnoException)) {
      count(result.statuses, 'closed');
      return;
    }
    count(result.statuses, 'no answer');
    result.failures.push({ seed: run.seed, index, request, problems: [`no answer: ${message}`] });
    return;
  }
  count(result.statuses, String(response.status));
  if (response.status < 400) count(result.accepted, request.target);
  if (ranAllTheWay(request, response)) count(result.executed, request.target);
  noteSlow(result, response.elapsedMs, index, request);
  const problems = checkResponse(request, response, run.plan.operations);
  if (run.keepAll) result.kept.push({ seed: run.seed, index, request, response, problems });
  if (problems.length > 0) result.failures.push({ seed: run.seed, index, request, response, problems });
}

/** Largest body a REST or GraphQL request may have (docs/requests.md#request-bodies): 1 MiB of JSON. */
const largestJsonBody = 1024 * 1024;

/**
 * Closed while the request was still being sent, which is not a failure of the service: Node's
 * parser refused broken HTTP, or the service answered a body over its limit at once (413 with
 * `Connection: close`) and the connection was reset before the client read that answer.
 */
function closedWhileSending(request: FuzzRequest, error: NodeJS.ErrnoException): boolean {
  if (error.message.includes('within')) return false;
  const bodyBytes = request.body === undefined ? 0 : Buffer.byteLength(request.body);
  return (
    request.malformedHttp === true ||
    (['ECONNRESET', 'EPIPE'].includes(error.code ?? '') && bodyBytes > largestJsonBody)
  );
}

function ranAllTheWay(request: FuzzRequest, response: FuzzResponse): boolean {
  if (!request.target.includes('graphql') || response.status !== 200) return false;
  try {
    const body = JSON.parse(response.body.toString('utf8')) as { data?: unknown; errors?: unknown };
    return body.data !== undefined && body.data !== null && body.errors === undefined;
  } catch {
    return false;
  }
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function noteSlow(result: SeedResult, ms: number, index: number, request: FuzzRequest): void {
  const slowest = result.slowest;
  if (slowest.length === 5 && ms <= (slowest.at(-1)?.ms ?? 0)) return;
  slowest.push({ ms, index, target: request.target, variant: request.variant.join(' ') });
  slowest.sort((a, b) => b.ms - a.ms);
  slowest.length = Math.min(slowest.length, 5);
}
