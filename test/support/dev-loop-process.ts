// `npm run dev` (scripts/dev-loop.ts) as its own process on a copy of the checkout, for the test
// and the bench of the API designer's loop (docs/code-generation.md#npm-run-dev): started on free
// ports in a fresh data directory, its output gathered, specs edited in the copy as a designer
// edits them, the data layer asked as the auditor, and stopped within a bound, copy and data gone.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyCheckout } from './checkout-copy.ts';
import { freePort } from './free-port.ts';

const dataAdminSecret = 'dev-loop-data-admin-secret';
/** How long a SIGTERM may take: the loop stops the service (and its PostgreSQL) before it exits. */
const stopMs = 60_000;

/** What the data layer answered, or undefined while it does not answer. */
export type DataLayerBody = { data?: unknown; errors?: { message: string }[] } | undefined;

export interface DevLoopProcess {
  readonly checkout: string;
  readonly httpPort: number;
  /** The ADMIN_API_KEY the loop's service takes. */
  readonly adminApiKey: string;
  /** All the loop has printed so far, stdout and stderr as they came. */
  output(): string;
  /** Whether the loop's process has ended. */
  exited(): boolean;
  /** Replaces the one `from` of a spec with `to` (throws unless there is exactly one); the output's length before the write. */
  editSpec(spec: string, from: string, to: string): number;
  /** `{ organization(limit: 1) { created_at } }` through the data layer as the auditor. */
  auditorCreatedAt(): Promise<DataLayerBody>;
  stop(): Promise<void>;
}

/** Starts the loop on a copy named `prefix…` of the checkout, or of its `entries` (copyCheckout). */
export async function startDevLoop(prefix: string, entries?: readonly string[]): Promise<DevLoopProcess> {
  const checkout = copyCheckout(prefix, entries);
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}data-`));
  const [httpPort, dataPort] = [await freePort(), await freePort()];
  const adminApiKey = 'dev-loop-admin-api-key-0123456789';
  let output = '';
  const dev: ChildProcess = spawn(process.execPath, ['scripts/dev-loop.ts'], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(httpPort),
      ADMIN_API_KEY: adminApiKey,
      DATA_PORT: String(dataPort),
      DATA_DIR: dataDir,
      DATA_ADMIN_SECRET: dataAdminSecret,
      PDF_PREWARM: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    checkout,
    httpPort,
    adminApiKey,
    output: () => output,
    exited: () => dev.exitCode !== null,
    editSpec(spec, from, to) {
      const file = path.join(checkout, spec);
      const text = readFileSync(file, 'utf8');
      if (text.split(from).length !== 2) throw new Error(`not one '${from}' in ${spec}`);
      const mark = output.length;
      writeFileSync(file, text.replace(from, to));
      return mark;
    },
    auditorCreatedAt: () => askAsAuditor(dataPort, '{ organization(limit: 1) { created_at } }'),
    async stop() {
      if (dev.exitCode === null) {
        const exited = new Promise((resolve) => dev.on('exit', resolve));
        dev.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, stopMs))]);
        if (dev.exitCode === null) dev.kill('SIGKILL');
      }
      rmSync(checkout, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function askAsAuditor(dataPort: number, query: string): Promise<DataLayerBody> {
  const response = await fetch(`http://127.0.0.1:${dataPort}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-data-admin-secret': dataAdminSecret, 'x-data-role': 'auditor' },
    body: JSON.stringify({ query }),
  }).catch(() => undefined);
  return (await response?.json().catch(() => undefined)) as DataLayerBody;
}
