// `npm run bench -- healthz` (docs/benchmarks.md#targets): `GET /healthz` through the service's
// whole middleware stack (request id, access log and metrics, error mapping, the request
// deadline, the development identity provider's mount, routing, the operation's authentication
// and parameter validation) side by side with a bare Koa 3 app answering `ok`, in the same run,
// the same load driver (a worker thread), sides alternating per round, ratios per round.
// `BENCH_CONNECTIONS` (16), `BENCH_SECONDS` (5), `BENCH_ROUNDS` (3), `BENCH_WARMUP` (2,000).
import { startBenchService } from './bench-service.ts';
import type { LoadTarget } from './load-driver.ts';
import { startLoadWorker } from './load-worker.ts';
import { startBareKoaServer } from './reference-servers.ts';
import { type MeasuredRun, withThreadCpu } from './thread-cpu.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const warmup = Number(process.env.BENCH_WARMUP ?? 2_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const get = (url: string): LoadTarget => ({
  kind: 'http',
  method: 'GET',
  url,
  headers: {},
  body: '',
  expectStart: 'ok',
});

const service = await startBenchService();
const bareKoa = await startBareKoaServer();
const load = startLoadWorker({ connections, warmup, seconds });
try {
  const sides = { 'bare Koa 3 answering ok': get(bareKoa.url), 'service GET /healthz': get(`${service.url}/healthz`) };
  const names = Object.keys(sides) as (keyof typeof sides)[];
  const results = new Map(names.map((name) => [name, [] as MeasuredRun[]]));
  for (let round = 0; round < rounds; round += 1) {
    // The order flips every round, so neither side always runs on a warmer machine.
    for (const name of round % 2 === 0 ? names : [...names].reverse())
      results.get(name)!.push(await withThreadCpu(() => load.run(sides[name])));
  }
  console.log(
    `\nGET /healthz (${connections} connections, keep-alive; medians of ${rounds} rounds of ${seconds} s per side after ${warmup} warm-up requests or 1 s)\n`,
  );
  console.log('| side | req/s | p50 ms | p99 ms | main-thread CPU µs/request |\n| --- | ---: | ---: | ---: | ---: |');
  for (const name of names) {
    const runs = results.get(name)!;
    console.log(
      `| ${name} | ${median(runs.map((run) => run.perSecond)).toFixed(0)} | ${median(runs.map((run) => run.p50)).toFixed(2)} | ${median(runs.map((run) => run.p99)).toFixed(2)} | ${median(runs.map((run) => run.cpuMicrosPerRequest)).toFixed(0)} |`,
    );
  }
  const [reference, measured] = names.map((name) => results.get(name)!);
  const ratios = measured!.map((run, round) => run.perSecond / reference![round]!.perSecond);
  console.log(
    `\nservice / bare Koa req/s: ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; target ≥ 0.85×)`,
  );
  const cpuRatios = measured!.map((run, round) => reference![round]!.cpuMicrosPerRequest / run.cpuMicrosPerRequest);
  console.log(
    `bare Koa / service main-thread CPU per request: ${median(cpuRatios).toFixed(2)}× (rounds: ${cpuRatios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
  );
} finally {
  await load.close();
  await bareKoa.close();
  await service.close();
}
