// `npm run bench` (business GraphQL part, docs/benchmarks.md#targets): `{ ping }` through the
// whole service (routing, rate-limit middleware, the X-API-Key check, the GraphQL transport, the
// document cache, the scope guard) side by side in the same run with its reference: graphql-js executing
// a parsed and validated document kept in memory, behind a bare node http server. Then a wallet
// summary from the result cache, and recomputed on every request (`refresh: true`).
// BENCH_API_KEY_CACHE_SECONDS=0 measures the service verifying the key in PostgreSQL per request.
import { startBenchService } from './bench-service.ts';
import { startLoadWorker } from './load-worker.ts';
import { startGraphqlReferenceServer } from './reference-servers.ts';
import { type MeasuredRun, withThreadCpu } from './thread-cpu.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const warmup = Number(process.env.BENCH_WARMUP ?? 2_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const keyCacheSeconds = process.env.BENCH_API_KEY_CACHE_SECONDS ?? '10';
const query = '{ ping }';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const service = await startBenchService({ API_KEY_CACHE_SECONDS: keyCacheSeconds });
const reference = await startGraphqlReferenceServer(query);
const load = startLoadWorker({ connections, warmup, seconds });
try {
  const secret = service.apiKey;
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
  const results = Object.fromEntries(Object.keys(sides).map((side) => [side, [] as MeasuredRun[]])) as Record<
    Side,
    MeasuredRun[]
  >;
  for (let round = 0; round < rounds; round += 1)
    for (const side of Object.keys(sides) as Side[])
      results[side].push(await withThreadCpu(() => load.run(sides[side])));

  const [referenceSide, serviceSide, cachedSide] = Object.keys(sides) as Side[];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  console.log(
    `\nBusiness GraphQL { ping } (API_KEY_CACHE_SECONDS=${keyCacheSeconds}; ${connections} connections, keep-alive; medians of ${rounds} rounds of ${seconds} s per side after ${warmup} warm-up requests or 1 s)\n`,
  );
  console.log(row(['side', 'req/s', 'p50 ms', 'p99 ms', 'main-thread CPU µs/request']));
  console.log(row(['---', '---:', '---:', '---:', '---:']));
  for (const side of Object.keys(sides) as Side[]) {
    const runs = results[side];
    console.log(
      row([
        side,
        median(runs.map((run) => run.perSecond)).toFixed(0),
        median(runs.map((run) => run.p50)).toFixed(2),
        median(runs.map((run) => run.p99)).toFixed(2),
        median(runs.map((run) => run.cpuMicrosPerRequest)).toFixed(0),
      ]),
    );
  }
  // Ratios per round (the two sides of a round ran back to back), then the median.
  const ratios = results[serviceSide!].map((run, round) => run.perSecond / results[referenceSide!][round]!.perSecond);
  console.log(
    `\nservice / reference req/s: ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; target ≥ 0.8×)`,
  );
  const cpuRatios = results[serviceSide!].map(
    (run, round) => results[referenceSide!][round]!.cpuMicrosPerRequest / run.cpuMicrosPerRequest,
  );
  console.log(
    `reference / service main-thread CPU per request: ${median(cpuRatios).toFixed(2)}× (rounds: ${cpuRatios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
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
}
