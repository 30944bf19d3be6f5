// CPU time of a whole process (every thread: the event loop, V8's compiler and collector threads,
// libuv's pool) from /proc/<pid>/stat, for the benches that run each server as its own process
// (docs/benchmarks.md#how-the-http-benches-run): CPU per request counts what serving costs, and
// moves far less with the machine's load than req/s does.
import { readdirSync, readFileSync } from 'node:fs';

const clockTickMicros = 10_000; // USER_HZ is 100 on Linux

/** utime + stime of the process so far, in microseconds (10 ms resolution), or NaN when /proc does not show it. */
export function processCpuMicros(pid: number): number {
  try {
    // Fields 14 and 15 (utime, stime) after the parenthesised command name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * clockTickMicros;
  } catch {
    return Number.NaN;
  }
}

/**
 * The process of group `groupId` whose command line contains `marker`: `npm start` runs the
 * service in a node process below npm (and a shell), in the group npm leads.
 */
export function findGroupMember(groupId: number, marker: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const group = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);
      if (group !== groupId) continue;
      // The shell npm runs the script in carries the same words: the node process is the one whose program is node.
      const [program = '', ...args] = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (/(^|\/)node$/.test(program) && args.some((arg) => arg.includes(marker))) return Number(entry);
    } catch {
      // The process ended while the directory was read.
    }
  }
  return null;
}
