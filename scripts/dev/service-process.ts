// The service as `npm run dev` runs it: `src/main.ts` in a child process with `npm start`'s Node
// flags (scripts/start-node-flags.ts), in development mode, on the embedded PostgreSQL whose data
// directory (.data/, or DATA_DIR) stays between restarts. It runs the sources, not the bundle
// `npm start` builds (docs/service.md#start-up): a bundle would be rebuilt after every edit, which
// costs more than Node's type stripping with the compile cache. Its output goes to a log file, so
// the terminal keeps the loop's status lines.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startNodeFlags } from '../start-node-flags.ts';

export const serviceLog = '.build/dev-service.log';

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
}

export function startServiceProcess(root: string): ServiceProcess {
  mkdirSync(path.join(root, '.build'), { recursive: true });
  const log = openSync(path.join(root, serviceLog), 'a');
  const child = spawn(process.execPath, [...startNodeFlags(), 'src/main.ts'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

/** SIGTERM, then the drain and close of docs/service.md#shutdown, which also stops PostgreSQL. */
export async function stopServiceProcess(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
  await service.exited;
}

/** Polls `/readyz` until 200; false when the process exits first or `timeoutMs` passes. */
export async function waitUntilReady(service: ServiceProcess, readyUrl: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void service.exited.then(() => (exited = true));
  while (!exited && Date.now() < deadline) {
    const status = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

/** Where the service answers readiness, from the settings it reads itself (docs/configuration.md). */
export function readinessUrl(env: NodeJS.ProcessEnv): string {
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT ?? '3000'}/readyz`;
}

/** The log's last lines, shown when a start fails. */
export function serviceLogTail(root: string, lines = 15): string {
  try {
    return readFileSync(path.join(root, serviceLog), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
