// A PgBouncer in transaction mode in front of a test database (docs/database.md#behind-pgbouncer),
// started from Debian's `pgbouncer` where it is installed; null where it is not, so its suite
// reports "not run" (the README's test command needs Node and npm only).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

export interface PgBouncer {
  /** The test database's URL with PgBouncer's address. */
  readonly url: string;
  readonly version: string;
  close(): Promise<void>;
}

const candidates = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', 'pgbouncer'];

/** PgBouncer's path and version, or null when it is not installed. */
export function findPgBouncer(): { binary: string; version: string } | null {
  for (const binary of candidates) {
    const answer = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    if (answer.status === 0) return { binary, version: /PgBouncer (\S+)/.exec(answer.stdout)?.[1] ?? 'unknown' };
  }
  return null;
}

export async function startPgBouncer(
  databaseUrl: string,
  options: { poolSize?: number } = {},
): Promise<PgBouncer | null> {
  const found = findPgBouncer();
  if (!found) return null;
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username || 'postgres');
  // The embedded server asks for a password; the machine's trusts loopback.
  const password = decodeURIComponent(target.password);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
  // PgBouncer refuses to run as root; started as root it drops to `postgres`, who must read these.
  chmodSync(dir, 0o755);
  const ini = [
    '[databases]',
    `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${user}${password ? ` password=${password}` : ''}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    "unix_socket_dir = ''",
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.poolSize ?? 4}`,
    'max_client_conn = 500',
    // pg sends these as startup parameters; in transaction mode a session setting cannot follow a
    // client, so PgBouncer must be told to ignore them (docs/database.md#behind-pgbouncer).
    'ignore_startup_parameters = statement_timeout,idle_in_transaction_session_timeout,extra_float_digits,options',
  ].join('\n');
  writeFileSync(path.join(dir, 'pgbouncer.ini'), `${ini}\n`, { mode: 0o644 });
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  const child = spawn(found.binary, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(port, child, () => stderr);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    version: found.version,
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`pgbouncer did not listen on ${port}: ${stderr()}`);
}
