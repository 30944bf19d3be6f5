// Load driver of the benches (data layer, business GraphQL), run in a worker thread so the client's own CPU does
// not share the service's event loop (like wrk beside a server). A fixed number of
// connections each send the next request as soon as the previous one answered: keep-alive
// HTTP requests. Warm-up requests first, then a timed window.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

export interface LoadTarget {
  readonly kind: 'http';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** GET sends no body (`body` is then ignored); POST by default. */
  readonly method?: 'GET' | 'POST';
  /** How a successful answer's body starts; `{"data"` (a GraphQL data response) by default. */
  readonly expectStart?: string;
}

export interface LoadRequest {
  readonly id: number;
  readonly target: LoadTarget;
  readonly connections: number;
  readonly warmup: number;
  readonly seconds: number;
}

export interface LoadResult {
  readonly requests: number;
  /** Requests sent in the warm-up before the measured window. */
  readonly warmupRequests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** Response bytes (HTTP body) of the last request. */
  readonly bytes: number;
}

export type LoadReply =
  { readonly id: number; readonly result: LoadResult } | { readonly id: number; readonly error: string };

type Send = () => Promise<number>;

// Kept across measurements so every round after the first finds its connections open.
const agents = new Map<number, http.Agent>();

function httpSender(target: LoadTarget, connections: number): Send {
  let agent = agents.get(connections);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    agents.set(connections, agent);
  }
  const url = new URL(target.url);
  const method = target.method ?? 'POST';
  const body = method === 'GET' ? '' : target.body;
  const expectStart = target.expectStart ?? '{"data"';
  const headers =
    method === 'GET'
      ? { ...target.headers }
      : {
          ...target.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        };
  return () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(url, { method, agent, headers }, (response) => {
        let bytes = 0;
        let head = '';
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) head = chunk.subarray(0, Math.max(8, expectStart.length)).toString();
          bytes += chunk.length;
        });
        response.on('end', () => {
          // Errors of a GraphQL request come with 200 too; a data response starts with "data".
          if (response.statusCode === 200 && head.startsWith(expectStart)) resolve(bytes);
          else reject(new Error(`${url.pathname} answered ${response.statusCode}: ${head}…`));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
}

async function measure(request: LoadRequest): Promise<LoadResult> {
  const send = httpSender(request.target, request.connections);
  let bytes = 0;
  let warmed = 0;
  // A warm-up of `warmup` requests, cut at one second for the heavy queries.
  const warmupEnd = performance.now() + 1_000;
  await Promise.all(
    Array.from({ length: request.connections }, async () => {
      while (warmed < request.warmup && performance.now() < warmupEnd) {
        warmed += 1;
        bytes = await send();
      }
    }),
  );
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + request.seconds * 1_000;
  await Promise.all(
    Array.from({ length: request.connections }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        bytes = await send();
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    requests: latencies.length,
    warmupRequests: warmed,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    bytes,
  };
}

const port = parentPort;
if (!port) throw new Error('load-driver.ts runs as a worker thread (bench/load-worker.ts)');
port.on('message', (message: LoadRequest | 'close') => {
  if (message === 'close') {
    for (const agent of agents.values()) agent.destroy();
    port.close();
    return;
  }
  measure(message).then(
    (result) => port.postMessage({ id: message.id, result } satisfies LoadReply),
    (error: unknown) =>
      port.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies LoadReply),
  );
});
