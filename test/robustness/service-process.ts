// The service under fuzz, run as `npm start` runs it (src/main.ts) in a child process of its own,
// so its resident memory (VmRSS in /proc/<pid>/status) is the service's alone, not the fuzzer's.
// Its log lines at `warn` and above are kept, to show the log line behind a failed request (it
// logs at `info`, one access line per request, for the `service ready` line with its URLs). It
// listens for an inspector on a loopback port of its own, so the fuzz can collect its garbage
// before reading its memory (collect-garbage.ts). A test may keep more of its lines (the many-node
// test keeps those saying who migrated, seeded and leads) and kill it without a word (SIGKILL).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startNodeFlags } from '../../scripts/start-node-flags.ts';
import { collectGarbage, type ProcessMemory, readProcessMemory } from './collect-garbage.ts';

const repo = path.resolve(import.meta.dirname, '../..');

export interface ServiceProcess {
  readonly pid: number;
  readonly url: string;
  readonly dataUrl: string;
  /** Parsed JSON log lines at `warn` and above, and those `keepLines` picked, in order. */
  readonly logLines: readonly LogLine[];
  /** Resident memory of the service's own process, in bytes. */
  rssBytes(): number;
  /** The same after a full garbage collection: what the service really holds. */
  rssAfterGarbageCollectionBytes(): Promise<number>;
  /** The service's own account of its memory (V8 heap, external, array buffers). */
  memoryUsage(): Promise<ProcessMemory>;
  /** Resident memory of its child processes (the PDF engine's Chromium), in bytes. */
  childrenRssBytes(): number;
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or the kernel's OOM killer ends it; resolves with the signal it exited by once it has. */
  kill(): Promise<NodeJS.Signals | null>;
}

export interface ServiceProcessOptions {
  /** Log lines below `warn` to keep in `logLines` too (the process logs at `info`). */
  keepLines?: (line: LogLine) => boolean;
}

export type LogLine = Record<string, unknown> & { level?: number; msg?: string; requestId?: string };

/** pino's level number of `warn`. */
const warnLevel = 40;

export async function startServiceProcess(
  env: Record<string, string>,
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    [...startNodeFlags(), '--inspect=127.0.0.1:0', path.join(repo, 'src/main.ts')],
    {
      cwd: repo,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logLines: LogLine[] = [];
  let ready: LogLine | undefined;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const exited = exit.then(({ code }) => code);
  let output = '';
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) {
        if (output.length < 100_000) output += `${line}\n`;
        continue;
      }
      let parsed: LogLine;
      try {
        parsed = JSON.parse(line) as LogLine;
      } catch {
        continue;
      }
      if (parsed.msg === 'service ready') ready = parsed;
      if ((parsed.level ?? 0) >= warnLevel) {
        logLines.push(parsed);
        if (output.length < 100_000) output += `${line}\n`;
      } else if (options.keepLines?.(parsed)) {
        logLines.push(parsed);
      }
    }
  });
  let inspector: string | undefined;
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    inspector ??= /Debugger listening on (ws:\/\/\S+)/.exec(text)?.[1];
    if (output.length < 100_000) output += text;
  });
  try {
    await waitFor(
      () => ready !== undefined && inspector !== undefined,
      exited,
      () => output,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const { url, dataUrl } = ready as LogLine;
  const pid = child.pid as number;
  return {
    pid,
    url: String(url),
    dataUrl: String(dataUrl),
    logLines,
    rssBytes: () => residentBytes(pid),
    async rssAfterGarbageCollectionBytes() {
      await collectGarbage(inspector as string);
      return residentBytes(pid);
    },
    memoryUsage: () => readProcessMemory(inspector as string),
    childrenRssBytes: () => descendantsOf(pid).reduce((sum, descendant) => sum + residentBytesIfAlive(descendant), 0),
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      return (await exit).signal;
    },
  };
}

async function waitFor(condition: () => boolean, exited: Promise<number | null>, output: () => string): Promise<void> {
  let done = false;
  void exited.then(() => (done = true));
  // Start-up is a migration-free clone and a few seconds of work; two minutes is a broken start.
  const deadline = Date.now() + 120_000;
  while (!done && Date.now() < deadline) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the service did not become ready; output:\n${output()}`);
}

/** Linux's count (/proc); elsewhere this throws rather than pass a memory check it cannot make. */
function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** A child process that has exited while its children were listed has no memory left. */
function residentBytesIfAlive(pid: number): number {
  try {
    return residentBytes(pid);
  } catch {
    return 0;
  }
}

/** Every process below `pid`, read from /proc (PPid of each). */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (parent) parents.set(Number(parent), [...(parents.get(Number(parent)) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const next of parents.get(queue.shift() as number) ?? []) {
      found.push(next);
      queue.push(next);
    }
  }
  return found;
}
