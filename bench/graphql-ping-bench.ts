// `npm run bench` (business GraphQL part, docs/benchmarks.md#targets): `{ ping }` through the
// whole service (routing, rate-limit middleware, the X-API-Key check, graphql-http, the document
// cache, the scope guard) side by side in the same run with its reference: graphql-js executing
// a parsed and validated document kept in memory, behind a bare node http server. Then a wallet
// summary from the result cache, and recomputed on every request (`refresh: true`).
// BENCH_API_KEY_CACHE_SECONDS=0 measures the service verifying the key in PostgreSQL per request.
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSchema, execute, parse, validate } from 'graphql';
import { createApiKeyStore } from '../src/stores/api-key-store.ts';
import { loadConfig } from '../src/config/config.ts';
import { createApiKeyService } from '../src/domain/identity/api-key-service.ts';
import { createLogger } from '../src/observability/logger.ts';
import { startService } from '../src/service/start-service.ts';
import type { LoadResult } from './load-driver.ts';
import { startLoadWorker } from './load-worker.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const warmup = Number(process.env.BENCH_WARMUP ?? 2_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const keyCacheSeconds = process.env.BENCH_API_KEY_CACHE_SECONDS ?? '10';
const query = '{ ping }';

/** The reference: the schema of schema.graphql, one document parsed and validated once. */
async function startReferenceServer() {
  const schema = buildSchema(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
  const document = parse(query);
  const errors = validate(schema, document);
  if (errors.length > 0) throw new Error(`reference document invalid: ${errors[0]!.message}`);
  const rootValue = { ping: () => 'pong' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
      if (body.query !== query) throw new Error('the reference serves one document');
      const result = execute({ schema, document, rootValue });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-bench-graphql-'));
const config = loadConfig({
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  PORT: '0',
  DATA_PORT: '0',
  DATA_DIR: dataDir,
  SEED: 'demo',
  API_RATE_LIMIT: '0',
  API_KEY_CACHE_SECONDS: keyCacheSeconds,
  PDF_PREWARM: 'false',
  LOG_LEVEL: 'silent',
});
const service = await startService(config, createLogger('silent'));
const reference = await startReferenceServer();
const load = startLoadWorker({ connections, warmup, seconds });
try {
  const { secret } = await createApiKeyService({ store: createApiKeyStore(service.db) }).create({
    name: 'bench',
    kind: 'service',
    scopes: ['read'],
  });
  const body = JSON.stringify({ query });
  const summary = (refresh: boolean) =>
    JSON.stringify({
      query: `{ digitalWalletSummaryById(id: 1${refresh ? ', refresh: true' : ''}) { id usdValue assets { symbol value usdValue } } }`,
    });
  const sides = {
    'graphql-js, cached document, bare node http': { kind: 'http', url: reference.url, headers: {}, body },
    'service: { ping } with X-API-Key': {
      kind: 'http',
      url: `${service.url}/graphql`,
      headers: { 'x-api-key': secret },
      body,
    },
    'service: digitalWalletSummaryById, cached': {
      kind: 'http',
      url: `${service.url}/graphql`,
      headers: { 'x-api-key': secret },
      body: summary(false),
    },
    'service: digitalWalletSummaryById, refresh: true': {
      kind: 'http',
      url: `${service.url}/graphql`,
      headers: { 'x-api-key': secret },
      body: summary(true),
    },
  } as const;
  type Side = keyof typeof sides;
  const results = Object.fromEntries(Object.keys(sides).map((side) => [side, [] as LoadResult[]])) as Record<
    Side,
    LoadResult[]
  >;
  for (let round = 0; round < rounds; round += 1)
    for (const side of Object.keys(sides) as Side[]) results[side].push(await load.run(sides[side]));

  const [referenceSide, serviceSide, cachedSide] = Object.keys(sides) as Side[];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(
    `\nBusiness GraphQL { ping } (API_KEY_CACHE_SECONDS=${keyCacheSeconds}; ${connections} connections, keep-alive; medians of ${rounds} rounds of ${seconds} s per side after ${warmup} warm-up requests or 1 s)\n`,
  );
  console.log(row(['side', 'req/s', 'p50 ms', 'p99 ms']));
  console.log(row(['---', '---:', '---:', '---:']));
  for (const side of Object.keys(sides) as Side[]) {
    const runs = results[side];
    console.log(
      row([
        side,
        median(runs.map((run) => run.perSecond)).toFixed(0),
        median(runs.map((run) => run.p50)).toFixed(2),
        median(runs.map((run) => run.p99)).toFixed(2),
      ]),
    );
  }
  // Ratios per round (the two sides of a round ran back to back), then the median.
  const ratios = results[serviceSide!].map((run, round) => run.perSecond / results[referenceSide!][round]!.perSecond);
  console.log(
    `\nservice / reference req/s: ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; target ≥ 0.8×)`,
  );
  const cachedRatios = results[cachedSide!].map(
    (run, round) => run.perSecond / results[serviceSide!][round]!.perSecond,
  );
  console.log(
    `cached wallet summary / { ping } req/s: ${median(cachedRatios).toFixed(2)}× (rounds: ${cachedRatios.map((ratio) => ratio.toFixed(2)).join(', ')}; target ≥ 0.5×)`,
  );
} finally {
  await load.close();
  await reference.close();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
}
