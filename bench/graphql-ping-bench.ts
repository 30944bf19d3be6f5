// `npm run bench -- graphql-ping` (docs/benchmarks.md#business-graphql--ping--benchgraphql-ping-benchts):
// `{ ping }` through the service as `npm start` runs it (its own process; routing, the rate-limit
// middleware with the limit off, the X-API-Key check, the GraphQL fast lane, the document cache,
// the scope guard), once per credential kind, against its reference in the same run: graphql-js
// executing a document parsed and validated once, behind a bare node http server in a process of
// its own. Then a wallet summary from the result cache, and recomputed on every request
// (`refresh: true`). wrk drives every side (bench/load-generator.ts), the servers pinned apart from it.
// BENCH_SECONDS (5), BENCH_ROUNDS (5), BENCH_CONNECTIONS (32), BENCH_WARMUP_SECONDS (2),
// BENCH_API_KEY_CACHE_SECONDS (10; 0 verifies the key in PostgreSQL per request), BENCH_PIN=off.
import { cpuPinning } from './cpu-pinning.ts';
import { startLoadGenerator } from './load-generator.ts';
import { changedSettings, credentialKinds, startNpmStartService } from './npm-start-service.ts';
import { pairedRatio, printPairedReport, roundSettings, runPairedRounds, type Side } from './paired-rounds.ts';
import { startReferenceProcess } from './server-process.ts';

// Five rounds rather than three: one round's ratio moves by ±20 % with the host's load (0.76–0.96
// in one run of 2026-12-07), and the median of five is steadier, as for the data layer.
const settings = roundSettings(5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const keyCacheSeconds = process.env.BENCH_API_KEY_CACHE_SECONDS ?? '10';
const body = JSON.stringify({ query: '{ ping }' });
const summary = (refresh: boolean) =>
  JSON.stringify({
    query: `{ digitalWalletSummaryById(id: 1${refresh ? ', refresh: true' : ''}) { id usdValue assets { symbol value usdValue } } }`,
  });
const reference = 'graphql-js, cached document, bare node http';

const pinning = cpuPinning();
const serviceEnv: Record<string, string> = keyCacheSeconds === '10' ? {} : { API_KEY_CACHE_SECONDS: keyCacheSeconds };
const service = await startNpmStartService({ env: serviceEnv, pin: pinning.server });
const referenceServer = await startReferenceProcess(['graphql-ping'], pinning.server);
const generator = startLoadGenerator(connections, pinning);
try {
  // Not named `graphql`: Prettier would format a template literal passed to it as a GraphQL document.
  const businessSide = (name: string, key: string, query: string): Side => ({
    name,
    target: { kind: 'http', url: `${service.url}/graphql`, headers: { 'x-api-key': key }, body: query },
    pid: service.pid,
  });
  const sides: Side[] = [
    {
      name: reference,
      target: { kind: 'http', url: referenceServer.url, headers: {}, body },
      pid: referenceServer.pid,
    },
    ...credentialKinds.map((kind) => businessSide(`{ ping }, ${kind}`, service.keys[kind], body)),
    businessSide('digitalWalletSummaryById, cached, service key', service.keys['service key (read)'], summary(false)),
    businessSide(
      'digitalWalletSummaryById, refresh: true, service key',
      service.keys['service key (read)'],
      summary(true),
    ),
  ];
  const results = await runPairedRounds(generator, sides, settings);
  printPairedReport(
    'Business GraphQL { ping }',
    { generator, pinning, changedSettings: { ...changedSettings, ...serviceEnv }, settings },
    results,
  );
  for (const kind of credentialKinds) console.log(pairedRatio(results, `{ ping }, ${kind}`, reference, 0.8).line);
  console.log(
    pairedRatio(results, 'digitalWalletSummaryById, cached, service key', '{ ping }, service key (read)', 0.5).line,
  );
} finally {
  await generator.close();
  await referenceServer.close();
  await service.close();
}
