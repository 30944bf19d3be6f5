// The load generator of the HTTP benches (docs/benchmarks.md#how-the-http-benches-run): wrk where
// it is installed (Debian's `wrk`), otherwise the bench's own Node driver in several worker
// threads (bench/load-driver.ts), said so in the report. Either reports its own CPU, so a run
// shows it was below saturation, and runs on the cores `pinning` gives it.
import { spawnSync } from 'node:child_process';
import type { CpuPinning } from './cpu-pinning.ts';
import type { LoadTarget } from './load-driver.ts';
import { startLoadWorker } from './load-worker.ts';
import { type GeneratorRun, runWrk, wrkInstalled } from './wrk-run.ts';

export interface LoadGenerator {
  /** What generates the load, for the report. */
  readonly description: string;
  run(target: LoadTarget, seconds: number): Promise<GeneratorRun>;
  close(): Promise<void>;
}

export function startLoadGenerator(connections: number, pinning: CpuPinning): LoadGenerator {
  if (process.env.BENCH_GENERATOR !== 'node' && wrkInstalled())
    return {
      description: `wrk, 1 thread, ${connections} connections`,
      run: (target, seconds) => runWrk(target, { connections, seconds, pin: pinning.generator }),
      close: async () => {},
    };
  return startNodeGenerator(connections, pinning);
}

/** The fallback: the Node driver in `BENCH_GENERATOR_WORKERS` worker threads (2), connections shared out. */
function startNodeGenerator(connections: number, pinning: CpuPinning): LoadGenerator {
  // The workers start on this process's cores: pin it first, so they run where wrk would.
  const cores = pinning.generator.at(-1);
  if (cores) spawnSync('taskset', ['-a', '-pc', cores, String(process.pid)], { stdio: 'ignore' });
  const count = Math.max(1, Math.min(connections, Number(process.env.BENCH_GENERATOR_WORKERS ?? 2)));
  const workers = Array.from({ length: count }, (_, index) =>
    startLoadWorker({
      connections: Math.floor(connections / count) + (index < connections % count ? 1 : 0),
      warmup: 0,
      seconds: 1,
    }),
  );
  return {
    description: `the Node load driver (wrk is not installed), ${count} worker threads, ${connections} connections`,
    async run(target, seconds) {
      const before = process.cpuUsage();
      const started = performance.now();
      const runs = await Promise.all(workers.map((worker) => worker.run(target, { seconds })));
      const elapsed = (performance.now() - started) / 1_000;
      const used = process.cpuUsage(before);
      const requests = runs.reduce((sum, run) => sum + run.requests, 0);
      return {
        requests,
        seconds: elapsed,
        perSecond: runs.reduce((sum, run) => sum + run.perSecond, 0),
        // Each worker's percentiles; the slowest stands for all (an upper bound).
        p50: Math.max(...runs.map((run) => run.p50)),
        p99: Math.max(...runs.map((run) => run.p99)),
        generatorCpuPercent: (100 * (used.user + used.system)) / 1e6 / elapsed,
      };
    },
    close: async () => {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
