// `npm run admin` reads its command line before anything else (docs/identity.md "API keys"):
// help prints the usage and exits 0, a usage error prints it to stderr and exits 1, and
// neither opens a database: DATA_DIR, which any database use creates, is never created.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { usage } from '../../src/cli/parse-admin-command.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const parent = mkdtempSync(path.join(tmpdir(), 'platform-admin-usage-'));
/** Never created: no DATABASE_URL, so any database use would make it (secrets, lock, cluster). */
const dataDir = path.join(parent, 'data');

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repo, 'src/cli/admin-cli.ts'), ...args], {
      env,
      cwd: repo,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test.after(() => rmSync(parent, { recursive: true, force: true }));

test('no command, help, --help and -h print the usage to stdout and exit 0', async () => {
  for (const args of [[], ['help'], ['--help'], ['-h'], ['api-keys', 'create', '--help']]) {
    const result = await admin(...args);
    assert.equal(result, { code: 0, stdout: usage, stderr: '' }, args.join(' '));
  }
  assert.is(existsSync(dataDir), false, 'DATA_DIR untouched');
});

test('an unknown command prints what was wrong and the usage to stderr, exits 1, opens no database', async () => {
  for (const [args, message] of [
    [['bogus'], "unknown command 'bogus'"],
    [['keys', 'delete'], "unknown command 'keys delete'"],
    [['api-keys'], "unknown command 'api-keys'"],
  ] as const) {
    const result = await admin(...args);
    assert.equal(result, { code: 1, stdout: '', stderr: `error: ${message}\n\n${usage}` }, args.join(' '));
  }
  assert.is(existsSync(dataDir), false, 'DATA_DIR untouched: no secrets, no lock, no PostgreSQL');
});

test('malformed arguments of a known command are usage errors too, before any database', async () => {
  for (const [args, message] of [
    [['keys', 'list', '--all'], "keys list takes no arguments, got '--all'"],
    [['api-keys', 'revoke'], 'api-keys revoke needs exactly one key id or prefix'],
    [['api-keys', 'create', '--name', 'x'], 'api-keys create needs --name and --kind'],
    [
      ['api-keys', 'create', '--name', 'x', '--kind', 'service', '--organization', 'aurora'],
      "--organization must be a UUID, got 'aurora'",
    ],
  ] as const) {
    const result = await admin(...args);
    assert.equal(result, { code: 1, stdout: '', stderr: `error: ${message}\n\n${usage}` }, args.join(' '));
  }
  assert.is(existsSync(dataDir), false, 'DATA_DIR untouched');
});

test.run();
