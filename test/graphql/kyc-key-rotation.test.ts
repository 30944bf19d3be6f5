// Rotating the KYC data key (docs/kyc.md#key-rotation) through the real service and the real
// `npm run admin -- kyc re-encrypt` process: answers sealed under the old key still decrypt on a
// node whose KYC_DATA_KEYS lists the new key first and the old one after it; re-encryption moves
// every stored questionnaire onto the new key, after which the old key is no longer needed; answers
// that do not decrypt are reported and left as they are.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createKycDataKeyRing } from '../../src/domain/kyc/kyc-data-key-ring.ts';
import { openQuestionnaires } from '../../src/domain/kyc/sealed-questionnaires.ts';
import { testSigningKeySecret } from '../support/platform-token-forge.ts';
import { startBusinessApi } from '../support/business-api-client.ts';
import { startKycFake } from '../support/provider-fakes/kyc-fake.ts';
import { startTestNode, testAdminApiKey } from '../support/test-service.ts';
import { dataKey, profileId } from './support/kyc-fixtures.ts';

const run = promisify(execFile);
const oldKey = dataKey('2025-old');
const newKey = dataKey('2026-new');
const ring = `${newKey.entry},${oldKey.entry}`;
const logLines: Record<string, unknown>[] = [];
// The node that sealed the demo answers knows only the old key.
// Nodes of one database share SIGNING_KEY_SECRET (docs/configuration.md#secrets): the links to
// attached files are signed with the keys stored there.
const api = await startBusinessApi({
  seed: 'demo',
  env: { KYC_DATA_KEYS: oldKey.entry, SIGNING_KEY_SECRET: testSigningKeySecret },
  providers: [await startKycFake()],
  logLines,
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-kyc-rotation-'));
// A second node on the same database, given the new ring first, as a rolling deployment would.
const rotated = await startTestNode(api.service.databaseUrl, {
  SIGNING_KEY_SECRET: testSigningKeySecret,
  KYC_DATA_KEYS: ring,
});

test.after(async () => {
  await rotated.stop();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function reencrypt(keys: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: api.service.databaseUrl,
    DATA_DIR: path.join(dataDir, 'cli'),
    KYC_DATA_KEYS: keys,
    ADMIN_API_KEY: testAdminApiKey,
    DATA_ADMIN_SECRET: 'test-data-admin-secret-0123456789',
    SIGNING_KEY_SECRET: testSigningKeySecret,
    LOG_LEVEL: 'silent',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['src/cli/admin-cli.ts', 'kyc', 're-encrypt'], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function decrypt(url: string, n: number) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': testAdminApiKey, 'x-acting-user': 'demo-admin' },
    body: JSON.stringify({
      query: `{ sumsubQuestionnaireDataDecrypted(kycProfileId: "${profileId(n)}") { questionnaires { id } } }`,
    }),
  });
  return (await response.json()) as any;
}

async function keyIds(): Promise<Record<string, string>> {
  const rows = await api.rows(`SELECT right(id::text, 1) AS n,
      convert_from(substring(questionnaire_ciphertext FROM 3 FOR get_byte(questionnaire_ciphertext, 1)), 'UTF8') AS key_id
    FROM kyc_profile WHERE questionnaire_ciphertext IS NOT NULL ORDER BY id`);
  return Object.fromEntries(rows.map((row) => [row.n, row.key_id]));
}

test('the old key still decrypts on a node whose ring lists the new key first', async () => {
  assert.equal(await keyIds(), { 1: '2025-old', 2: '2025-old', 3: '2025-old', 5: '2025-old' });
  assert.equal(await decrypt(rotated.url, 1), {
    data: { sumsubQuestionnaireDataDecrypted: { questionnaires: [{ id: 'sof_questionnaire' }] } },
  });
  const [audit] = await api.rows(
    `SELECT details FROM audit_log WHERE resource_type = 'kyc_profile' ORDER BY id DESC LIMIT 1`,
  );
  assert.equal(audit.details, { outcome: 'decrypted', dataKeyId: '2025-old', questionnaireCount: 1 });
});

test('re-encrypt moves every stored questionnaire onto the new key; a second run finds nothing to do', async () => {
  const first = await reencrypt(ring);
  assert.equal(first, {
    code: 0,
    stdout:
      "KYC questionnaires on key '2026-new': 4 re-encrypted, 0 already on it, 0 rewritten meanwhile (kept), 0 failed, of 4\n",
    stderr: '',
  });
  assert.equal(await keyIds(), { 1: '2026-new', 2: '2026-new', 3: '2026-new', 5: '2026-new' });
  const again = await reencrypt(ring);
  assert.is(
    again.stdout,
    "KYC questionnaires on key '2026-new': 0 re-encrypted, 4 already on it, 0 rewritten meanwhile (kept), 0 failed, of 4\n",
  );
  assert.equal(await decrypt(rotated.url, 5), {
    data: {
      sumsubQuestionnaireDataDecrypted: { questionnaires: [{ id: 'sof_questionnaire' }, { id: 'pep_questionnaire' }] },
    },
  });
});

test('after it, the new key alone opens every answer, and a node without it cannot', async () => {
  const newOnly = createKycDataKeyRing([{ id: newKey.id, secret: newKey.secret }]);
  const rows = await api.rows(
    `SELECT id, questionnaire_ciphertext AS sealed FROM kyc_profile WHERE questionnaire_ciphertext IS NOT NULL ORDER BY id`,
  );
  assert.equal(
    rows.map((row) => openQuestionnaires(newOnly, row.id, row.sealed).length),
    [1, 1, 1, 2],
  );
  logLines.length = 0;
  const stale = await decrypt(api.service.url, 1);
  assert.equal(stale.errors[0].extensions.code, 'INTERNAL_SERVER_ERROR');
  assert.equal(
    logLines
      .filter((line) => line.msg === 'KYC questionnaire answers do not decrypt')
      .map((line) => [line.reason, line.dataKeyId]),
    [['unknown-key', '2026-new']],
  );
});

test('answers that do not decrypt are reported by profile and left as they are; the others move', async () => {
  const [{ sealed }] = await api.rows(`SELECT questionnaire_ciphertext AS sealed FROM kyc_profile WHERE id = $1`, [
    profileId(2),
  ]);
  const altered = Buffer.from(sealed);
  altered[altered.length - 1]! ^= 0x01;
  await api.rows(`UPDATE kyc_profile SET questionnaire_ciphertext = $2 WHERE id = $1`, [profileId(2), altered]);
  const back = `${oldKey.entry},${newKey.entry}`;
  const result = await reencrypt(back);
  assert.is(result.code, 1);
  assert.is(
    result.stdout,
    "KYC questionnaires on key '2025-old': 3 re-encrypted, 0 already on it, 0 rewritten meanwhile (kept), 1 failed, of 4\n",
  );
  assert.is(
    result.stderr,
    `error: 1 stored questionnaire(s) do not decrypt and stay as they are:\n  ${profileId(2)}: questionnaire of KYC profile ${profileId(2)} failed authentication under key '2026-new': altered, or stored for another profile\n`,
  );
  assert.equal(await keyIds(), { 1: '2025-old', 2: '2026-new', 3: '2025-old', 5: '2025-old' });
  const [{ unchanged }] = await api.rows(
    `SELECT questionnaire_ciphertext = $2 AS unchanged FROM kyc_profile WHERE id = $1`,
    [profileId(2), altered],
  );
  assert.is(unchanged, true);
});

test.run();
