// FANOUT_WORKERS (docs/market-data.md#fan-out-on-several-cores): 1 to 64 fan-out processes, or
// `auto` for the cores Node reports, capped at 64 and at the container's CPU quota where Linux
// states it (cgroup v2 `cpu.max`): os.availableParallelism() follows CPU affinity but not a quota,
// so a pod limited to one CPU on a 64-core host would otherwise fork 64 workers of about 120 MB.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Parser } from './config-schema.ts';

export const maxFanoutWorkers = 64;
/** This cgroup's CPU quota under cgroup v2: `<quota> <period>` in microseconds, or `max <period>`. */
export const cgroupCpuMaxFile = '/sys/fs/cgroup/cpu.max';

/** A whole number from 1 to 64, or `auto`; read once at start, so the loaded value is a number. */
export function fanoutWorkers(fallback: number, cpuMaxFile = cgroupCpuMaxFile): Parser<number> {
  return (raw, name, problems) => {
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'auto') return autoFanoutWorkers(availableParallelism(), cgroupCpuLimit(cpuMaxFile));
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > maxFanoutWorkers) {
      problems.push(`${name} must be a whole number from 1 to ${maxFanoutWorkers} or 'auto', got '${raw}'`);
      return fallback;
    }
    return value;
  };
}

/** `auto`: one worker per core, no more than the quota's CPUs (undefined: no quota) nor 64. */
export function autoFanoutWorkers(cores: number, cpuLimit: number | undefined): number {
  return Math.max(1, Math.min(cores, cpuLimit ?? cores, maxFanoutWorkers));
}

/**
 * The CPUs `cpu.max` allows, rounded up (`150000 100000` is 2); undefined for `max` (no quota),
 * an absent or unreadable file (cgroup v1, not Linux) or a line of another form.
 */
export function cgroupCpuLimit(cpuMaxFile: string): number | undefined {
  let line: string;
  try {
    line = readFileSync(cpuMaxFile, 'utf8');
  } catch {
    return undefined;
  }
  const quota = /^(\d+) (\d+)\s*$/.exec(line);
  if (!quota || Number(quota[1]) <= 0 || Number(quota[2]) <= 0) return undefined;
  return Math.ceil(Number(quota[1]) / Number(quota[2]));
}
