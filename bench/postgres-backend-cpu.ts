// PostgreSQL's CPU time per request in the data-layer bench
// (docs/benchmarks.md#data-layer-organizations-with-their-wallets-benchdata-layer-benchts): the
// on-CPU time of the server processes serving one pool (pg_stat_activity's pid by
// application_name), read from /proc/<pid>/schedstat (nanoseconds; /proc/<pid>/stat's clock ticks
// where schedstat is missing). It counts parsing, planning, executing and the protocol, whatever
// else loads the machine. pg_stat_statements would need the module in shared_preload_libraries and
// a restart, which a shared or embedded server does not have, and it reports time, not CPU. The
// server must run on this machine; otherwise the figure is NaN.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** On-CPU nanoseconds of each backend, by pid. */
export type BackendCpu = ReadonlyMap<number, number>;

const clockTickNs = 10_000_000; // USER_HZ is 100 on Linux

/** A process's on-CPU nanoseconds so far, or null when /proc does not show it (another machine). */
export function cpuNanoseconds(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    try {
      // Fields 14 and 15 (utime, stime) after the parenthesised command name.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) * clockTickNs;
    } catch {
      return null;
    }
  }
}

export async function startBackendCpuMeter(connectionString: string) {
  const client = new pg.Client({ connectionString, application_name: 'data-layer-bench-monitor' });
  await client.connect();
  return {
    /** The CPU time so far of every backend of this database whose application_name is `applicationName`. */
    async read(applicationName: string): Promise<BackendCpu | null> {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [applicationName],
      );
      const cpu = new Map<number, number>();
      for (const { pid } of rows) {
        const nanoseconds = cpuNanoseconds(pid);
        if (nanoseconds === null) return null;
        cpu.set(pid, nanoseconds);
      }
      return cpu;
    },
    close: () => client.end(),
  };
}

/**
 * CPU microseconds the backends spent between two readings, per request. A backend that
 * appeared in between counts whole (its start-up included); one that ended in between is lost,
 * so the pools of the bench keep their connections open.
 */
export function backendMicrosPerRequest(before: BackendCpu | null, after: BackendCpu | null, requests: number): number {
  if (!before || !after) return Number.NaN;
  let nanoseconds = 0;
  for (const [pid, now] of after) nanoseconds += now - (before.get(pid) ?? 0);
  return nanoseconds / 1_000 / Math.max(1, requests);
}
