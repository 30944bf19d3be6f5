// SIGTERM under load against the real process (docs/service.md#shutdown): every request
// accepted before the signal ends with its normal answer (an upload and a data-layer request
// whose bodies the test completes only after the signal, PDF renders), new connections are
// refused at once rather than accepted and reset, subscriptions are closed with 1001, the
// process exits 0 and leaves no temporary part. No step races real work against a deadline:
// the drain deadline is far away, and the test itself decides when the slow bodies end.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { type TestDatabase, createTestDatabase } from '../support/test-database.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const adminKey = 'shutdown-admin-key-0123456789abcdef';
const dataAdminSecret = 'shutdown-data-admin-secret-0123456789';
const pdfRequests = 8;
let database: TestDatabase;
let dataDir: string;

interface Started {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  output: string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [path.join(repo, 'src/main.ts')], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started: Started = { child, lines: [], output: '', exit: new Promise((resolve) => child.on('exit', resolve)) };
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    started.output += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.startsWith('{')) started.lines.push(JSON.parse(line));
  });
  child.stderr?.on('data', (chunk: Buffer) => (started.output += chunk.toString()));
  return started;
}

async function waitFor<T>(what: string, found: () => T | undefined, output: () => string): Promise<T> {
  for (let tries = 0; tries < 3_000; tries += 1) {
    const value = found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`waited in vain for ${what}; output:\n${output()}`);
}

function logLine(started: Started, message: string | RegExp): Promise<Record<string, unknown>> {
  const matches = (line: Record<string, unknown>) =>
    typeof message === 'string' ? line.msg === message : message.test(String(line.msg));
  return waitFor(
    `log '${message}'`,
    () => started.lines.find(matches),
    () => started.output,
  );
}

/** A POST whose body the test sends in two halves; resolves with the answer. */
function slowPost(url: string, headers: Record<string, string>, body: Buffer) {
  const half = Math.floor(body.length / 2);
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-length': String(body.length) },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
  });
  request.write(body.subarray(0, half));
  return { answer, finish: () => request.end(body.subarray(half)) };
}

function connectError(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

function partsUnder(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.part'));
}

async function pdfProgress(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return (
    value(/^pdf_render_queue_depth\{state="rendering"\} (\d+)/m) +
    value(/^pdf_render_queue_depth\{state="waiting"\} (\d+)/m) +
    value(/^pdf_renders_total\{outcome="ok"\} (\d+)/m)
  );
}

test.before(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'platform-shutdown-'));
});
test.after(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM under load: requests in flight finish, new connections are refused, exit 0, no part left', async () => {
  const uploadDir = path.join(dataDir, 'uploads');
  const service = start({
    PORT: '0',
    DATA_PORT: '0',
    DATA_DIR: dataDir,
    UPLOAD_DIR: uploadDir,
    DATABASE_URL: database.url,
    SEED: 'demo',
    ADMIN_API_KEY: adminKey,
    DATA_ADMIN_SECRET: dataAdminSecret,
    LOG_LEVEL: 'info',
    PDF_PREWARM: 'true',
    SHUTDOWN_TIMEOUT_MS: '600000',
    ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
  });
  const ready = await logLine(service, 'service ready');
  const url = String(ready.url);
  const dataUrl = String(ready.dataUrl);
  const browser = await logLine(service, /^(PDF browser launched|no Chromium found|PDF browser failed to start)/);
  const withPdf = browser.msg === 'PDF browser launched';

  // A subscription connection, acknowledged.
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { 'X-API-Key': adminKey } }));
  await new Promise((resolve) => socket.once('message', resolve));

  // An upload and a data-layer request, each with half its body sent.
  const boundary = 'shutdown-boundary';
  const upload = slowPost(
    `${url}/documents/upload`,
    { 'x-api-key': adminKey, 'content-type': `multipart/form-data; boundary=${boundary}` },
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      Buffer.from('x'.repeat(256 * 1024)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  );
  const dataLayer = slowPost(
    `${dataUrl}/v1/graphql`,
    { 'x-data-admin-secret': dataAdminSecret, 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ query: '{ __typename }' })),
  );
  await waitFor(
    'the upload part on disk',
    () => (partsUnder(uploadDir).length === 1 ? true : undefined),
    () => service.output,
  );

  // PDF renders, every one of them received by the engine before the signal.
  const pdfs = Array.from({ length: withPdf ? pdfRequests : 0 }, () =>
    fetch(`${url}/pdf/case/1/report`, { headers: { 'x-api-key': adminKey } }),
  );
  if (withPdf) {
    for (let seen = 0; seen < pdfRequests; seen = await pdfProgress(url)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  service.child.kill('SIGTERM');
  await logLine(service, /^shutting down/);
  assert.is(await connectError(url), 'ECONNREFUSED');
  assert.is(await connectError(dataUrl), 'ECONNREFUSED');
  assert.is(await closed, 1001);

  upload.finish();
  dataLayer.finish();
  const uploaded = await upload.answer;
  assert.is(uploaded.status, 200, uploaded.body);
  assert.is(uploaded.headers.connection, 'close');
  const stored = JSON.parse(uploaded.body).files as { name: string; size: number }[];
  assert.is(stored.length, 1);
  assert.is(stored[0]?.size, 256 * 1024);
  const answered = await dataLayer.answer;
  assert.is(answered.status, 200, answered.body);
  assert.equal(JSON.parse(answered.body), { data: { __typename: 'query_root' } });
  assert.is(answered.headers.connection, 'close');
  for (const response of await Promise.all(pdfs)) {
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), 'application/pdf');
    assert.is(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
  }

  assert.is(await service.exit, 0, service.output);
  assert.ok(service.lines.some((line) => line.msg === 'stopped'));
  assert.equal(partsUnder(uploadDir), []);
  assert.equal(readdirSync(path.join(uploadDir, '.incoming')), []);
  assert.ok(existsSync(path.join(uploadDir, stored[0]?.name ?? '')));
  if (!withPdf) console.log(`  (no PDF renders: ${String(browser.msg)})`);
});

test.run();
