// `npm start` as a user runs it: the embedded PostgreSQL, demo data, both ports, the data-dir
// lock and graceful shutdown on SIGTERM (docs/architecture.md#database,
// docs/configuration.md#operations).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const repo = path.resolve(import.meta.dirname, '../..');
let dataDir: string;

interface Started {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stdout: string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>, nodeFlags: string[] = []): Started {
  const child = spawn(process.execPath, [...nodeFlags, path.join(repo, 'src/main.ts')], {
    cwd: repo,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      DATA_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started: Started = { child, lines: [], stdout: '', exit: new Promise((resolve) => child.on('exit', resolve)) };
  child.stdout?.on('data', (chunk: Buffer) => {
    started.stdout += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('{')) started.lines.push(JSON.parse(line));
    }
  });
  return started;
}

async function waitFor(started: Started, message: string, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = started.lines.find((line) => line.msg === message);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no '${message}' log line; output:\n${started.stdout}`);
}

test.before(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'platform-main-'));
});
test.after(() => rmSync(dataDir, { recursive: true, force: true }));

test('a heap limit too small for the caches is refused at start, before anything starts', async () => {
  const started = start({}, ['--max-old-space-size=200']);
  assert.is(await started.exit, 1);
  const fatal = started.lines.find((line) => line.msg === 'service failed to start') as { err: { message: string } };
  assert.match(
    fatal.err.message,
    /^the V8 heap limit \(\d+ MiB\) is below what the caches may hold plus a reserve \(168 MiB fixed \+ RESULT_CACHE_MB 64 \+ 256 MiB = 488 MiB\): lower RESULT_CACHE_MB or start node with a larger --max-old-space-size$/,
  );
});

test('starts on the embedded database with demo data, refuses a second process, stops on SIGTERM', async () => {
  const first = start({});
  const ready = await waitFor(first, 'service ready');
  assert.ok(first.lines.some((line) => line.msg === 'demo data loaded into the empty database'));
  assert.match(first.stdout, /ADMIN_API_KEY=adm_/);
  const healthz = await fetch(`${ready.url}/healthz`);
  assert.is(await healthz.text(), 'ok');
  assert.is((await fetch(`${ready.url}/readyz`)).status, 200);
  const data = await fetch(`${ready.dataUrl}/healthz`);
  assert.is(await data.text(), 'ok');
  const dataGraphql = await fetch(`${ready.dataUrl}/v1/graphql`, { method: 'POST', body: '{}' });
  // The data layer answers, and refuses a request without credentials.
  assert.is(dataGraphql.status, 401);
  assert.match(
    ((await dataGraphql.json()) as { errors: { message: string }[] }).errors[0]?.message ?? '',
    /no credentials/,
  );

  const second = start({});
  assert.is(await second.exit, 1);
  assert.match(second.stdout, /data directory .* is in use by process/);

  first.child.kill('SIGTERM');
  assert.is(await first.exit, 0);
  assert.ok(first.lines.some((line) => line.msg === 'stopped'));
});

test('a restart keeps the data and the secrets and does not seed again', async () => {
  const again = start({});
  await waitFor(again, 'service ready');
  assert.not.ok(again.lines.some((line) => line.msg === 'demo data loaded into the empty database'));
  assert.not.match(again.stdout, /ADMIN_API_KEY=/);
  again.child.kill('SIGTERM');
  assert.is(await again.exit, 0);
});

test('invalid configuration stops the start with every problem listed', async () => {
  const child = spawn(process.execPath, [path.join(repo, 'src/main.ts')], {
    env: { PATH: process.env.PATH ?? '', PORT: 'x', SEED: 'all' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.is(code, 1);
  assert.match(stderr, /PORT must be a TCP port number/);
  assert.match(stderr, /SEED must be one of demo, none/);
});

test.run();
