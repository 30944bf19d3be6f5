// Generated code older than its specs is never served (docs/code-generation.md#never-stale): on a
// copy of the checkout with openapi.yaml edited after the last codegen, `npm start` refuses under
// NODE_ENV=production naming the file and the command, the service started without the launcher
// refuses too, and `npm start` in development runs codegen first, loudly, then serves code
// generated from the edited spec (GET / shows an administrator its hash).
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyCheckout } from '../support/checkout-copy.ts';

const copied = ['src', 'scripts', 'generated', 'sdk', 'package.json', 'tsconfig.json', 'codegen.yml'];
const specs = ['openapi.yaml', 'schema.graphql', 'permissions.yaml', 'permissions.schema.json'];
let checkout: string;
let dataDir: string;
const children: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exit: Promise<number | null>;
}

function run(entry: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [path.join(checkout, entry)], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      DATA_PORT: '0',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const started: Run = { child, stdout: '', stderr: '', exit: new Promise((resolve) => child.on('exit', resolve)) };
  child.stdout?.on('data', (chunk: Buffer) => (started.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (started.stderr += chunk.toString()));
  return started;
}

/** The `service ready` line; codegen, the bundle's build and the start come first (a minute on a busy machine). */
async function ready(started: Run, timeoutMs = 300_000): Promise<{ url: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const line = started.stdout.split('\n').find((text) => text.includes('"msg":"service ready"'));
    if (line) return JSON.parse(line) as { url: string };
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no 'service ready' line; stdout:\n${started.stdout}\nstderr:\n${started.stderr}`);
}

const expectedRefusal =
  'the generated code is older than its sources: openapi.yaml changed since the last `npm run codegen` (generated/codegen-inputs.json); run `npm run codegen`, then start again';

test.before(() => {
  checkout = copyCheckout('stale-generated-', [...copied, ...specs]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'stale-generated-data-'));
  const spec = path.join(checkout, 'openapi.yaml');
  const edited = readFileSync(spec, 'utf8').replace(
    'summary: Liveness probe\n',
    'summary: Liveness probe of the process\n',
  );
  assert.is.not(edited, readFileSync(spec, 'utf8'));
  writeFileSync(spec, edited);
});
test.after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(checkout, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

test('npm start refuses under NODE_ENV=production, naming the changed spec and the command', async () => {
  const started = run('scripts/start-from-bundle.js', { NODE_ENV: 'production' });
  assert.is(await started.exit, 1);
  assert.is(started.stderr, `refusing to start (NODE_ENV=production): ${expectedRefusal}\n`);
  assert.is(started.stdout, '');
});

test('the service started without the launcher refuses as well', async () => {
  const started = run('src/main.ts', {});
  assert.is(await started.exit, 1);
  const fatal = started.stdout.split('\n').find((line) => line.includes('service failed to start'));
  assert.ok(fatal, started.stdout + started.stderr);
  assert.is((JSON.parse(fatal ?? '{}') as { err: { message: string } }).err.message, expectedRefusal);
});

test('npm start in development regenerates first, loudly, and serves the edited spec', async () => {
  const started = run('scripts/start-from-bundle.js', {});
  const { url } = await ready(started);
  assert.match(started.stderr, /\*\*\* openapi\.yaml changed since the last `npm run codegen`: running it now/);
  assert.match(started.stderr, /codegen: \d+ written, 0 removed/);
  // Served from the bundle built after codegen, which carries generated/codegen-inputs.json.
  assert.match(started.stderr, /built the service bundle \.build\/service-[0-9a-f]+\/main\.js/);
  const adminKey = /ADMIN_API_KEY=(adm_\S+)/.exec(started.stdout)?.[1] ?? '';
  const info = (await (await fetch(`${url}/`, { headers: { 'x-api-key': adminKey } })).json()) as {
    codegenInputs: Record<string, string>;
  };
  const hash = createHash('sha256')
    .update(readFileSync(path.join(checkout, 'openapi.yaml')))
    .digest('hex');
  assert.is(info.codegenInputs['openapi.yaml'], hash);
  assert.match(
    readFileSync(path.join(checkout, 'generated/openapi/openapi-types.ts'), 'utf8'),
    /Liveness probe of the process/,
  );
  started.child.kill('SIGTERM');
  assert.is(await started.exit, 0);
});

test.run();
