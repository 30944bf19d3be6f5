// One measurement with wrk, the C load generator (Debian's `wrk`), for the HTTP benches
// (docs/benchmarks.md#how-the-http-benches-run): one thread, keep-alive connections, the method,
// headers and body of a LoadTarget through a Lua script, latency percentiles from `--latency`, and
// wrk's own CPU time (bash's `times` after it exits), so the report shows the generator below
// saturation.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadTarget } from './load-driver.ts';

export interface GeneratorRun {
  readonly requests: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** The generator's CPU over the run, in percent of one core. */
  readonly generatorCpuPercent: number;
}

export interface WrkSettings {
  readonly connections: number;
  readonly seconds: number;
  /** A prefix such as `taskset -c 1`, or empty. */
  readonly pin: readonly string[];
}

export const wrkInstalled = (): boolean => spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

/** A Lua long string: `[==[…]==]` holds any text without `]==]`. */
function luaString(text: string): string {
  if (text.includes(']==]')) throw new Error('a wrk body may not contain ]==]');
  return `[==[${text}]==]`;
}

function script(target: LoadTarget): string {
  const method = target.method ?? 'POST';
  const headers = method === 'GET' ? target.headers : { ...target.headers, 'content-type': 'application/json' };
  return [
    `wrk.method = "${method}"`,
    method === 'GET' ? '' : `wrk.body = ${luaString(target.body)}`,
    ...Object.entries(headers).map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`),
  ].join('\n');
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1_000, m: 60_000 };

function latencyMs(output: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  return match ? Number(match[1]) * unitMs[match[2]!]! : Number.NaN;
}

/** bash's `times`: its second line is the children's user and system time, `0m1.234s 0m0.567s`. */
function childCpuSeconds(output: string): number {
  const lines = output.trim().split('\n');
  const times = lines.at(-1)?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  if (!times) return Number.NaN;
  return Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4]);
}

export function parseWrkOutput(output: string): Omit<GeneratorRun, 'generatorCpuPercent'> & { errors: string[] } {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m),/.exec(output);
  if (!total) throw new Error(`wrk printed no request count:\n${output}`);
  const requests = Number(total[1]);
  const seconds = (Number(total[2]) * unitMs[total[3]!]!) / 1_000;
  const errors = [/Non-2xx or 3xx responses: \d+/.exec(output)?.[0], /Socket errors:.*/.exec(output)?.[0]].filter(
    (line): line is string => line !== undefined,
  );
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50: latencyMs(output, '50'),
    p99: latencyMs(output, '99'),
    errors,
  };
}

export async function runWrk(target: LoadTarget, settings: WrkSettings): Promise<GeneratorRun> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const scriptPath = path.join(directory, 'request.lua');
  writeFileSync(scriptPath, script(target));
  const command = [
    ...settings.pin,
    'wrk',
    '--latency',
    '-t1',
    `-c${settings.connections}`,
    `-d${settings.seconds}s`,
    '-s',
    scriptPath,
    target.url,
  ];
  try {
    const output = await new Promise<string>((resolve, reject) => {
      // `times` prints the CPU time of the shell's children once wrk has exited.
      const child = spawn('bash', ['-c', '"$@"; status=$?; times; exit $status', 'bash', ...command], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`))));
    });
    const run = parseWrkOutput(output);
    // A refused or failed answer would make a fast side look faster than it serves.
    if (run.errors.length > 0) throw new Error(`wrk against ${target.url}: ${run.errors.join('; ')}`);
    return {
      requests: run.requests,
      seconds: run.seconds,
      perSecond: run.perSecond,
      p50: run.p50,
      p99: run.p99,
      generatorCpuPercent: (100 * childCpuSeconds(output)) / run.seconds,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
