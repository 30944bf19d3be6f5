// Which cores the HTTP benches pin the servers and the load generator to with `taskset`
// (docs/benchmarks.md#how-the-http-benches-run): on a machine of two or more cores, the server
// measured on the first and the generator on the last, so the two never take turns on one core.
// `BENCH_PIN=off` pins nothing; without `taskset` nothing is pinned either, and the bench says so.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuPinning {
  /** The `taskset -c <cores>` prefix of a server's command, empty when not pinned. */
  readonly server: readonly string[];
  readonly generator: readonly string[];
  /** What was done, for the report. */
  readonly description: string;
}

const tasksetInstalled = () => spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

export function cpuPinning(wanted = process.env.BENCH_PIN !== 'off'): CpuPinning {
  const cores = availableParallelism();
  if (!wanted) return { server: [], generator: [], description: 'nothing pinned (BENCH_PIN=off)' };
  if (cores < 2) return { server: [], generator: [], description: `nothing pinned (${cores} core)` };
  if (!tasksetInstalled()) return { server: [], generator: [], description: 'nothing pinned (no taskset)' };
  const last = String(cores - 1);
  const serverCores = cores > 2 ? `0-${cores - 2}` : '0';
  return {
    server: ['taskset', '-c', serverCores],
    generator: ['taskset', '-c', last],
    description: `servers on core ${serverCores}, load generator on core ${last} (taskset; ${cores} cores)`,
  };
}

/** Nothing pinned, said why: for the benches whose server needs every core (PostgreSQL beside it). */
export function noPinning(reason: string): CpuPinning {
  return { server: [], generator: [], description: `nothing pinned: ${reason}` };
}
