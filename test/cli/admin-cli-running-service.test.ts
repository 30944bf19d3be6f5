// `npm run admin` while `npm start` runs on the embedded database (docs/identity.md "API
// keys"): the CLI uses the running service's PostgreSQL, found through the address the
// service publishes beside its data-directory lock, instead of failing on the lock; with the
// service stopped it starts the embedded database itself, as before.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-admin-running-'));
const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir };
const lockFile = path.join(dataDir, 'service.lock');
const addressFile = path.join(dataDir, 'embedded-postgres.json');

interface Service {
  child: ChildProcess;
  url: Promise<string>;
  exit: Promise<number | null>;
}

/** `npm start` on the embedded database in `dataDir`: resolves `url` on its 'service ready' log line. */
function startService(): Service {
  const child = spawn(process.execPath, [path.join(repo, 'src/main.ts')], {
    cwd: repo,
    env: { ...baseEnv, PORT: '0', DATA_PORT: '0', SEED: 'none', PDF_PREWARM: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.split('\n').find((line) => line.includes('"msg":"service ready"'));
      if (ready) resolve((JSON.parse(ready) as { url: string }).url);
    });
    child.on('exit', () => reject(new Error(`the service exited before it was ready:\n${output}`)));
  });
  return { child, url, exit: new Promise((resolve) => child.on('exit', resolve)) };
}

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repo, 'src/cli/admin-cli.ts'), ...args], {
      env: { ...baseEnv, LOG_LEVEL: 'silent' },
      cwd: repo,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function ping(url: string, apiKey: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ query: '{ ping }' }),
  });
  return { status: response.status, body: await response.json() };
}

let service: Service | undefined;

test.after(async () => {
  if (service && service.child.exitCode === null) {
    service.child.kill('SIGTERM');
    await service.exit;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('while the service runs, the CLI works on its embedded PostgreSQL and leaves it running', async () => {
  service = startService();
  const url = await service.url;
  const servicePid = String(service.child.pid);
  assert.is(readFileSync(lockFile, 'utf8'), servicePid);
  const address = JSON.parse(readFileSync(addressFile, 'utf8')) as { pid: number; port: number };
  assert.is(address.pid, service.child.pid);
  assert.ok(Number.isInteger(address.port) && address.port > 0, JSON.stringify(address));

  const before = await admin('api-keys', 'list');
  assert.is(before.code, 0, before.stderr);
  assert.is(before.stderr, '');
  assert.match(
    before.stdout,
    /^[0-9a-f-]{36} {2}bootstrap {2}admin {2}bootstrap \(ADMIN_API_KEY\) {2}- {2}- {2}active {2}last used never\n$/,
  );

  const created = await admin('api-keys', 'create', '--name', 'made while running', '--kind', 'admin');
  assert.is(created.code, 0, created.stderr);
  const secret = /secret \(shown once, store it now\): (wpk_\S+)/.exec(created.stdout)?.[1];
  const prefix = /created admin key ([0-9a-f]{12})/.exec(created.stdout)?.[1];
  assert.ok(secret && prefix, created.stdout);
  // The running service sees the key at once: one database.
  assert.equal(await ping(url, secret as string), { status: 200, body: { data: { ping: 'pong' } } });
  const after = await admin('api-keys', 'list');
  assert.is(after.stdout.trim().split('\n').length, 2, after.stdout);
  assert.match(after.stdout, new RegExp(`  ${prefix}  admin  made while running  -  -  active  last used `));

  // The service and its lock are untouched by the CLI.
  assert.is(service.child.exitCode, null);
  assert.is(readFileSync(lockFile, 'utf8'), servicePid);
  assert.is((await fetch(`${url}/readyz`)).status, 200);
});

test('once the service stops, its address is withdrawn and the CLI starts the embedded database itself', async () => {
  assert.ok(service, 'started by the previous test');
  service.child.kill('SIGTERM');
  assert.is(await service.exit, 0);
  assert.is(existsSync(addressFile), false, 'address withdrawn');
  assert.is(existsSync(lockFile), false, 'lock released');
  const listed = await admin('api-keys', 'list');
  assert.is(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /  made while running  /);
  assert.is(existsSync(addressFile), false, 'the CLI withdrew its own address');
  assert.is(existsSync(lockFile), false, 'the CLI released its lock');
});

test('a lock held by a live process that has published no address (still starting) is a clear error', async () => {
  // This test process stands in for a service that has taken the lock but not yet started PostgreSQL.
  writeFileSync(lockFile, String(process.pid));
  writeFileSync(addressFile, JSON.stringify({ pid: 999_999_999, port: 5432 }));
  try {
    const result = await admin('api-keys', 'list');
    assert.equal(result, {
      code: 1,
      stdout: '',
      stderr: `error: data directory ${dataDir} is in use by process ${process.pid}, which has not started its embedded PostgreSQL yet; try again in a moment\n`,
    });
  } finally {
    rmSync(lockFile, { force: true });
    rmSync(addressFile, { force: true });
  }
});

test.run();
