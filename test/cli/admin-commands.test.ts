// `npm run admin`: the real CLI process against a real database: API keys created, listed and
// revoked (docs/identity.md#api-keys), signing keys rotated (docs/identity.md#signing-keys).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase } from '../support/test-database.ts';

const run = promisify(execFile);
const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-admin-cli-'));
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SIGNING_KEY_SECRET: 'cli-test-signing-secret-0123456789abcdef',
  LOG_LEVEL: 'silent',
};

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['src/cli/admin-cli.ts', ...args], {
      env,
      cwd: process.cwd(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test.after(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('api-keys create prints the secret once; list never shows it; revoke marks it', async () => {
  const created = await admin(
    'api-keys',
    'create',
    '--name',
    'Meridian KYC',
    '--kind',
    'service',
    '--organization',
    '11111111-0000-4000-8000-000000000002',
    '--scope',
    'kyc-sdk',
  );
  // The organization does not exist in this empty database: a clear error, nothing stored.
  assert.is(created.code, 1);
  assert.match(created.stderr, /organization 11111111-0000-4000-8000-000000000002 does not exist/);
  const ok = await admin(
    'api-keys',
    'create',
    '--name',
    'KYC backend',
    '--kind',
    'service',
    '--scope',
    'kyc-sdk',
    '--scope',
    'workflow-sdk',
  );
  assert.is(ok.code, 0, ok.stderr);
  const secret = /secret \(shown once, store it now\): (wpk_\S+)/.exec(ok.stdout)?.[1];
  const prefix = /created service key ([0-9a-f]{12})/.exec(ok.stdout)?.[1];
  assert.ok(secret && prefix, ok.stdout);
  const listed = await admin('api-keys', 'list');
  assert.match(listed.stdout, new RegExp(`${prefix}  service  KYC backend  -  kyc-sdk,workflow-sdk  active`));
  assert.not.match(listed.stdout, new RegExp(secret!.slice(-20)));
  const revoked = await admin('api-keys', 'revoke', prefix!);
  assert.is(revoked.code, 0, revoked.stderr);
  assert.match(
    (await admin('api-keys', 'list')).stdout,
    new RegExp(`${prefix}  service  KYC backend  -  kyc-sdk,workflow-sdk  revoked `),
  );
});

test('keys rotate keeps the previous key listed; bad commands exit 1 with a message', async () => {
  const first = await admin('keys', 'rotate');
  assert.is(first.code, 0, first.stderr);
  const second = await admin('keys', 'rotate');
  const kid = /new signing key (\S+) is current/.exec(second.stdout)?.[1];
  const listed = (await admin('keys', 'list')).stdout.trim().split('\n');
  assert.is(listed.length, 2);
  assert.ok(listed[0]!.startsWith(`${kid}  created`) && listed[0]!.endsWith('current'), listed[0]);
  assert.match(listed[1]!, /retired .* listed until /);
  const bad = await admin('api-keys', 'create', '--name', 'x', '--kind', 'root');
  assert.is(bad.code, 1);
  assert.match(bad.stderr, /kind must be one of admin, service, partner/);
  const unknown = await admin('keys', 'delete');
  assert.is(unknown.code, 1);
  assert.match(unknown.stderr, /unknown command 'keys delete'[\s\S]*Usage: npm run admin/);
});

test.run();
