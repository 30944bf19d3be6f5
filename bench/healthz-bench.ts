// `npm run bench -- healthz` (docs/benchmarks.md#get-healthz-against-bare-koa-benchhealthz-benchts):
// `GET /healthz` through the service as `npm start` runs it (its own process; the request
// envelope with its access log and metrics, security headers, routing, the operation's parameter
// validation, the handler) against a bare Koa 3 app answering `ok` in a process of its own, the
// same load generator (wrk where installed), the servers pinned apart from it, sides alternating
// per round, ratios per round. BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (32),
// BENCH_WARMUP_SECONDS (2), BENCH_PIN=off.
import { cpuPinning } from './cpu-pinning.ts';
import { startLoadGenerator } from './load-generator.ts';
import { changedSettings, startNpmStartService } from './npm-start-service.ts';
import { getTarget, pairedRatio, printPairedReport, roundSettings, runPairedRounds } from './paired-rounds.ts';
import { startReferenceProcess } from './server-process.ts';

const settings = roundSettings(3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const get = (url: string) => getTarget(url, 'ok');

const pinning = cpuPinning();
const service = await startNpmStartService({ pin: pinning.server });
const bareKoa = await startReferenceProcess(['bare-koa'], pinning.server);
const generator = startLoadGenerator(connections, pinning);
try {
  const results = await runPairedRounds(
    generator,
    [
      { name: 'bare Koa 3 answering ok', target: get(bareKoa.url), pid: bareKoa.pid },
      { name: 'service GET /healthz', target: get(`${service.url}/healthz`), pid: service.pid },
    ],
    settings,
  );
  printPairedReport('GET /healthz', { generator, pinning, changedSettings, settings }, results);
  console.log(pairedRatio(results, 'service GET /healthz', 'bare Koa 3 answering ok', 0.85).line);
} finally {
  await generator.close();
  await bareKoa.close();
  await service.close();
}
