// The service as its own process, started the way an operator starts it (`npm start` in a
// checkout), for the benches that measure what a user gets (docs/benchmarks.md): a probe of
// /readyz, and a stop that waits for the whole process group (npm runs the service in a child of
// its own, which stops its embedded PostgreSQL after npm has exited). Ports: test/support/free-port.ts.
import { type ChildProcess, spawn } from 'node:child_process';

export async function probe(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return null;
  }
}

/**
 * `npm start --silent` in `cwd`, in a process group of its own so `stopGroup` reaches the service;
 * behind `pin` (a `taskset -c <cores>` prefix, which executes npm in its place) when given.
 */
export function spawnNpmStart(
  cwd: string,
  env: Record<string, string>,
  stderr: 'inherit' | 'ignore',
  pin: readonly string[] = [],
): ChildProcess {
  const command = [...pin, 'npm', 'start', '--silent'];
  return spawn(command[0]!, command.slice(1), {
    cwd,
    detached: true,
    stdio: ['ignore', 'ignore', stderr],
    env: { ...process.env, ...env },
  });
}

/** Polls `url` until it answers 200 (its body), or throws when the process exits first. */
export async function untilReady(child: ChildProcess, url: string): Promise<string> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ready = await probe(url);
    if (ready?.status === 200) return ready.body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Stops the whole process group and waits until every member is gone. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  // Waiting for npm alone would let the next start find the data directory still locked.
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
  while (groupAlive(child.pid!)) await new Promise((resolve) => setTimeout(resolve, 20));
}

function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}
