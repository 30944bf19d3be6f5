// `npm start` as a user runs it: the launcher package.json names, which runs the service from its
// bundle, built first when missing or stale (docs/service.md#start-up); the embedded
// PostgreSQL, demo data, both ports, files the code finds beside its sources (schema.graphql,
// document templates, the explorer's assets), the data-dir lock and graceful shutdown on SIGTERM
// (docs/database.md#embedded-postgresql, docs/configuration.md#operations).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const repo = path.resolve(import.meta.dirname, '../..');
/** What `npm start` runs (package.json scripts.start, without its heap flags). */
const launcher = path.join(repo, 'scripts/start-from-bundle.js');
let dataDir: string;
/** Every process started, so a failed test leaves none running (a live one holds the data directory). */
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stdout: string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>, nodeFlags: string[] = []): Started {
  const child = spawn(process.execPath, [...nodeFlags, launcher], {
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
  children.push(child);
  child.stdout?.on('data', (chunk: Buffer) => {
    started.stdout += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('{')) started.lines.push(JSON.parse(line));
    }
  });
  return started;
}

// The first start may build the bundle first (a few seconds; longer on a busy machine).
async function waitFor(started: Started, message: string, timeoutMs = 120_000): Promise<Record<string, unknown>> {
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
test.after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

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

  // Files found beside the sources: the schema (a query runs), a template (an invoice as HTML),
  // the explorer's page and assets.
  const adminKey = /ADMIN_API_KEY=(adm_\S+)/.exec(first.stdout)?.[1] ?? '';
  const ping = await fetch(`${ready.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': adminKey },
    body: JSON.stringify({ query: '{ ping }' }),
  });
  assert.equal(await ping.json(), { data: { ping: 'pong' } });
  const invoice = await fetch(`${ready.url}/invoices/1?format=html`, { headers: { 'x-api-key': adminKey } });
  assert.is(invoice.status, 200);
  assert.match(await invoice.text(), /<html/i);
  const docs = await fetch(`${ready.url}/docs`);
  assert.is(docs.status, 200);
  const script = /src="(api-explorer\/assets\/[^"]+)"/.exec(await docs.text())?.[1];
  assert.ok(script, 'the reference page names its script');
  assert.is((await fetch(`${ready.url}/${script}`)).status, 200);

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
  const child = spawn(process.execPath, [launcher], {
    cwd: repo,
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
