// A server of the HTTP benches as its own process (docs/benchmarks.md#how-the-http-benches-run):
// the service as `npm start` starts it, or a reference (bench/reference-server-main.ts) with the
// same Node flags, each behind the `taskset` prefix the bench pins servers with. Answers the pid
// whose CPU time counts as the server's (bench/process-cpu.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { startNodeFlags } from '../scripts/start-node-flags.ts';

export interface ServerProcess {
  /** The reference's URL as it printed it. */
  readonly url: string;
  readonly pid: number;
  close(): Promise<void>;
}

/** Starts `bench/reference-server-main.ts <args>` and waits for its `listening <url>` line. */
export async function startReferenceProcess(args: readonly string[], pin: readonly string[]): Promise<ServerProcess> {
  const command = [
    ...pin,
    process.execPath,
    ...startNodeFlags(),
    path.join(import.meta.dirname, 'reference-server-main.ts'),
    ...args,
  ];
  const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = /^listening (\S+)$/m.exec(text);
      if (line) resolve(line[1]!);
    });
    child.once('exit', (code) => reject(new Error(`reference ${args[0]} exited ${code} before listening`)));
  });
  // taskset executes node in its own place, so the child's pid is node's.
  return { url, pid: child.pid!, close: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}
