// `npm run bench -- response-validation` (docs/requests.md#response-validation): what checking every
// REST answer against openapi.yaml costs a request, end to end. Two services on their own
// databases, one with RESPONSE_VALIDATION=off and one with `fail` (the development default), answer
// `GET /.well-known/openid-configuration` (a JSON body of five members, two of them lists; no database
// work) to the same load driver, sides alternating per round, ratios per round.
// `BENCH_CONNECTIONS` (16), `BENCH_SECONDS` (5), `BENCH_ROUNDS` (5), `BENCH_WARMUP` (2,000).
import { startBenchService } from './bench-service.ts';
import type { LoadTarget } from './load-driver.ts';
import { startLoadWorker } from './load-worker.ts';
import { type MeasuredRun, withThreadCpu } from './thread-cpu.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const warmup = Number(process.env.BENCH_WARMUP ?? 2_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const route = '/.well-known/openid-configuration';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const get = (url: string): LoadTarget => ({
  kind: 'http',
  method: 'GET',
  url,
  headers: {},
  body: '',
  expectStart: '{"issuer"',
});

const off = await startBenchService({ RESPONSE_VALIDATION: 'off' });
const checked = await startBenchService({ RESPONSE_VALIDATION: 'fail' });
const load = startLoadWorker({ connections, warmup, seconds });
try {
  const sides = {
    'RESPONSE_VALIDATION=off': get(`${off.url}${route}`),
    'RESPONSE_VALIDATION=fail': get(`${checked.url}${route}`),
  };
  const names = Object.keys(sides) as (keyof typeof sides)[];
  const results = new Map(names.map((name) => [name, [] as MeasuredRun[]]));
  for (let round = 0; round < rounds; round += 1)
    // The order flips every round, so neither side always runs on a warmer machine.
    for (const name of round % 2 === 0 ? names : [...names].reverse())
      results.get(name)!.push(await withThreadCpu(() => load.run(sides[name])));
  console.log(
    `\nGET ${route} (${connections} connections, keep-alive; medians of ${rounds} rounds of ${seconds} s per side after ${warmup} warm-up requests or 1 s)\n`,
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
  const cpu = measured!.map((run, round) => run.cpuMicrosPerRequest - reference![round]!.cpuMicrosPerRequest);
  console.log(
    `\nfail / off req/s: ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
  );
  console.log(
    `fail − off main-thread CPU per request: ${median(cpu).toFixed(1)} µs (rounds: ${cpu.map((value) => value.toFixed(1)).join(', ')})`,
  );
} finally {
  await load.close();
  await Promise.all([off.close(), checked.close()]);
}
