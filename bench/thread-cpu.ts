// The main thread's CPU time per request while a side of a bench runs (docs/benchmarks.md): the
// servers measured all answer on this thread, the load driver runs in a worker thread, so this
// counts what serving costs, whatever else loads the machine (req/s moves with the load, CPU
// time per request much less).
import type { LoadResult } from './load-driver.ts';

export type MeasuredRun = LoadResult & { readonly cpuMicrosPerRequest: number };

/** Runs `measure` and adds the main thread's CPU microseconds (user + system) per request it made. */
export async function withThreadCpu(measure: () => Promise<LoadResult>): Promise<MeasuredRun> {
  const before = process.threadCpuUsage();
  const result = await measure();
  const used = process.threadCpuUsage(before);
  // The warm-up requests are outside `requests` but inside the CPU time: count them at the same rate.
  return {
    ...result,
    cpuMicrosPerRequest: (used.user + used.system) / Math.max(1, result.requests + result.warmupRequests),
  };
}
