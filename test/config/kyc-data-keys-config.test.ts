// KYC_DATA_KEYS (docs/configuration.md, docs/kyc.md#keys): comma-separated `id:base64key` entries
// of 32-byte keys, the first encrypting; each bad entry is named without quoting its key, and the
// secret generated for the embedded setup has the same form.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { parseKycDataKeys } from '../../src/config/kyc-data-keys-config.ts';
import { loadLocalSecrets } from '../../src/config/local-secrets.ts';

const key = () => randomBytes(32).toString('base64');

function problemsOf(raw: string): string[] {
  const problems: string[] = [];
  parseKycDataKeys(raw, 'KYC_DATA_KEYS', problems);
  return problems;
}

test('entries in order, standard or URL-safe base64; unset or blank is undefined', () => {
  const [a, b] = [key(), randomBytes(32).toString('base64url')];
  const problems: string[] = [];
  assert.equal(parseKycDataKeys(` 2026-01:${a} , old_key.1:${b}`, 'KYC_DATA_KEYS', problems), [
    { id: '2026-01', secret: a },
    { id: 'old_key.1', secret: b },
  ]);
  assert.equal(problems, []);
  assert.is(parseKycDataKeys(undefined, 'KYC_DATA_KEYS', problems), undefined);
  assert.is(parseKycDataKeys('  ', 'KYC_DATA_KEYS', problems), undefined);
  assert.equal(loadConfig({}).kycDataKeys, undefined);
});

test('each bad entry is a problem naming it, never quoting the key', () => {
  const short = randomBytes(16).toString('base64');
  assert.equal(problemsOf(`a:${key()},${short}`), ["KYC_DATA_KEYS entry 2 must be 'id:base64key'"]);
  assert.equal(problemsOf(`a:${short}`), [
    "KYC_DATA_KEYS entry 1 ('a') must be a base64 key of exactly 32 bytes (openssl rand -base64 32)",
  ]);
  assert.equal(problemsOf(`a b:${key()}`), [
    "KYC_DATA_KEYS entry 1 has an id that is not 1 to 64 of A-Z a-z 0-9 . _ -, got 'a b'",
  ]);
  assert.equal(problemsOf(`a:${key()},a:${key()}`), ["KYC_DATA_KEYS entry 2 repeats the key id 'a'"]);
  assert.equal(problemsOf(`a:${key()},`), ["KYC_DATA_KEYS entry 2 must be 'id:base64key'"]);
  const secret = key();
  assert.not.ok(problemsOf(`a:${secret}!`).join(' ').includes(secret));
  try {
    loadConfig({ KYC_DATA_KEYS: 'nope' });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.equal((error as ConfigError).problems, ["KYC_DATA_KEYS entry 1 must be 'id:base64key'"]);
  }
});

test('the embedded setup generates one key and a webhook secret, kept in secrets.json across starts', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-kyc-secrets-'));
  try {
    const first = loadLocalSecrets(dataDir);
    assert.ok(first.created.includes('kycDataKeys') && first.created.includes('kycWebhookSecret'));
    const problems: string[] = [];
    const entries = parseKycDataKeys(first.secrets.kycDataKeys, 'kycDataKeys', problems);
    assert.equal(problems, []);
    assert.match(entries?.[0]?.id ?? '', /^local-[0-9a-f]{8}$/);
    const second = loadLocalSecrets(dataDir);
    assert.equal(second.created, []);
    assert.is(second.secrets.kycDataKeys, first.secrets.kycDataKeys);
    assert.is(
      JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).kycWebhookSecret,
      first.secrets.kycWebhookSecret,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
