// Rounds of the HTTP benches (docs/benchmarks.md#how-the-http-benches-run): every side served by
// a process of its own, measured in turn by the load generator, the order flipped every round so
// drift of the machine's load falls on all sides alike; per side req/s, latency, the serving
// process's CPU per request and the generator's CPU; ratios taken per round (paired), then the median.
// The settings the paired benches share and the head of their report live here too.
import type { CpuPinning } from './cpu-pinning.ts';
import type { LoadTarget } from './load-driver.ts';
import type { LoadGenerator } from './load-generator.ts';
import { processCpuMicros } from './process-cpu.ts';
import { printRunConditions } from './run-conditions.ts';
import type { GeneratorRun } from './wrk-run.ts';

export interface Side {
  readonly name: string;
  readonly target: LoadTarget;
  /** The process serving the side, whose CPU time is counted per request. */
  readonly pid: number;
}

/** A side's target that GETs `url` (no headers), answered when the body starts with `expectStart`. */
export function getTarget(url: string, expectStart: string): LoadTarget {
  return { kind: 'http', method: 'GET', url, headers: {}, body: '', expectStart };
}

export type SideRun = GeneratorRun & { readonly serverCpuMicrosPerRequest: number };

export interface RoundSettings {
  readonly rounds: number;
  readonly seconds: number;
  /** An unmeasured run per side before the first round (JIT, caches, connections). */
  readonly warmupSeconds: number;
}

/** BENCH_SECONDS (5), BENCH_ROUNDS (`rounds` unless set), BENCH_WARMUP_SECONDS (2). */
export function roundSettings(rounds: number): RoundSettings {
  return {
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    rounds: Number(process.env.BENCH_ROUNDS ?? rounds),
    warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  };
}

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One request first: a side that answers wrongly would be measured fast. */
export async function checkAnswer(side: Side): Promise<void> {
  const { target } = side;
  const method = target.method ?? 'POST';
  const send = () =>
    fetch(target.url, {
      method,
      headers: method === 'GET' ? target.headers : { ...target.headers, 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: target.body }),
    });
  // Sent again once when the connection it was sent on had been closed by the server: fetch keeps
  // the connection of the last readiness probe, and while this process waited synchronously for
  // the operator command that makes the API keys, the service closed it as idle
  // (keepAliveTimeout) before fetch could see that.
  const response = await send().catch((error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code === 'UND_ERR_SOCKET') return send();
    throw error;
  });
  const text = await response.text();
  const expectStart = target.expectStart ?? '{"data"';
  if (response.status !== 200 || !text.startsWith(expectStart))
    throw new Error(`${side.name} answered ${response.status}: ${text.slice(0, 300)}`);
}

export async function measureSide(generator: LoadGenerator, side: Side, seconds: number): Promise<SideRun> {
  const before = processCpuMicros(side.pid);
  const run = await generator.run(side.target, seconds);
  const used = processCpuMicros(side.pid) - before;
  return { ...run, serverCpuMicrosPerRequest: used / Math.max(1, run.requests) };
}

export async function runPairedRounds(
  generator: LoadGenerator,
  sides: readonly Side[],
  settings: RoundSettings,
): Promise<Map<string, SideRun[]>> {
  for (const side of sides) await checkAnswer(side);
  if (settings.warmupSeconds > 0)
    for (const side of sides) {
      process.stderr.write(`warm-up: ${side.name}\n`);
      await generator.run(side.target, settings.warmupSeconds);
    }
  const results = new Map(sides.map((side) => [side.name, [] as SideRun[]]));
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const run = await measureSide(generator, side, settings.seconds);
      process.stderr.write(
        `round ${round + 1} of ${settings.rounds}: ${side.name}: ${Math.round(run.perSecond)} req/s, ${run.serverCpuMicrosPerRequest.toFixed(0)} µs CPU a request\n`,
      );
      results.get(side.name)!.push(run);
    }
  }
  return results;
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

export function printSideTable(results: ReadonlyMap<string, readonly SideRun[]>): void {
  console.log(row(['side', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/request', 'generator CPU % of a core']));
  console.log(row(['---', '---:', '---:', '---:', '---:', '---:']));
  for (const [name, runs] of results)
    console.log(
      row([
        name,
        median(runs.map((run) => run.perSecond)).toFixed(0),
        median(runs.map((run) => run.p50)).toFixed(2),
        median(runs.map((run) => run.p99)).toFixed(2),
        median(runs.map((run) => run.serverCpuMicrosPerRequest)).toFixed(1),
        `${median(runs.map((run) => run.generatorCpuPercent)).toFixed(0)} (max ${Math.max(...runs.map((run) => run.generatorCpuPercent)).toFixed(0)})`,
      ]),
    );
}

/** What a paired bench ran under and the medians of each side, below `title`: the bench adds its ratios. */
export function printPairedReport(
  title: string,
  run: {
    generator: LoadGenerator;
    pinning: CpuPinning;
    changedSettings: Readonly<Record<string, string>>;
    settings: RoundSettings;
  },
  results: ReadonlyMap<string, readonly SideRun[]>,
): void {
  const { generator, pinning, changedSettings, settings } = run;
  console.log(`\n${title}\n`);
  printRunConditions(
    generator,
    pinning,
    changedSettings,
    `${settings.rounds} of ${settings.seconds} s per side after ${settings.warmupSeconds} s of warm-up; medians`,
  );
  console.log('');
  printSideTable(results);
  console.log('');
}

/** `measured / reference` req/s per round, the median and the rounds, against the target; and CPU per request. */
export function pairedRatio(
  results: ReadonlyMap<string, readonly SideRun[]>,
  measured: string,
  reference: string,
  target: number,
): { ratio: number; line: string } {
  const ours = results.get(measured)!;
  const theirs = results.get(reference)!;
  const ratios = ours.map((run, round) => run.perSecond / theirs[round]!.perSecond);
  const cpu = ours.map((run, round) => run.serverCpuMicrosPerRequest / theirs[round]!.serverCpuMicrosPerRequest);
  const ratio = median(ratios);
  const verdict = ratio >= target ? 'met' : 'NOT MET';
  return {
    ratio,
    line: `${measured} / ${reference}: ${ratio.toFixed(2)}× req/s (rounds ${ratios.map((value) => value.toFixed(2)).join(', ')}; target ≥ ${target}×: ${verdict}); server CPU per request ${median(cpu).toFixed(2)}×`,
  };
}
