// Signing keys (created once, encrypted at rest, rotated with the old key kept until its
// tokens expire) and API keys (hashed, constant-time, revocable) against real PostgreSQL.
import { createLocalJWKSet, jwtVerify } from 'jose';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { createSigningKeyStore } from '../../../src/stores/signing-key-store.ts';
import { createDatabase } from '../../../src/db/create-database.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { createKeyEncryption } from '../../../src/domain/identity/key-encryption.ts';
import { createPlatformTokens } from '../../../src/domain/identity/platform-tokens.ts';
import { createSigningKeyRing } from '../../../src/domain/identity/signing-key-ring.ts';
import type { AppError } from '../../../src/errors/app-error.ts';
import { createTestDatabase } from '../../support/test-database.ts';

const database = await createTestDatabase();
const { db } = createDatabase({ url: database.url });
const secret = 'signing-key-secret-for-tests-0123456789';
const audiences = { access: ['http://platform.test'], wallet: 'w', workflowSdk: ['s'], kycDocument: 'k' };

function ring(at: () => Date = () => new Date(), encryptionSecret = secret) {
  return createSigningKeyRing({
    store: createSigningKeyStore(db),
    encryption: createKeyEncryption(encryptionSecret),
    now: at,
  });
}

/** uvu has no async rejects: the promise must reject, and the check must accept the error. */
async function rejects(run: () => Promise<unknown>, check: RegExp | ((error: any) => boolean)): Promise<void> {
  try {
    await run();
  } catch (error) {
    const ok = check instanceof RegExp ? check.test((error as Error).message) : check(error);
    assert.ok(ok, `unexpected error: ${(error as Error).message}`);
    return;
  }
  assert.unreachable('expected a rejection');
}

test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('the first key is created once, even by several nodes starting together', async () => {
  await Promise.all([ring().ensureKey(), ring().ensureKey(), ring().ensureKey()]);
  const rows = await db.selectFrom('signing_key').select(['kid', 'private_key_ciphertext', 'public_jwk']).execute();
  assert.is(rows.length, 1);
  const stored = rows[0]!.private_key_ciphertext.toString('latin1');
  assert.not.match(stored, /"d":/, 'the private key is not stored in the clear');
  assert.not.ok('d' in (rows[0]!.public_jwk as object), 'the public JWK has no private members');
});

test('a key does not decrypt under another SIGNING_KEY_SECRET, and says so', async () => {
  try {
    await ring(undefined, 'another-secret-entirely-0123456789abcdef').currentSigningKey();
    assert.unreachable('should not decrypt');
  } catch (error) {
    assert.match((error as Error).message, /SIGNING_KEY_SECRET differs/);
  }
});

test('rotation: the new key signs, the old key stays in the JWKS until its tokens expired', async () => {
  const keys = ring();
  const tokens = createPlatformTokens({ issuer: 'http://platform.test', audiences, keys });
  const before = await tokens.issue('access', { sub: 'demo-alice' }, 60);
  const { kid, retiredUntil } = await keys.rotate();
  const after = await tokens.issue('access', { sub: 'demo-alice' }, 60);
  const jwks = await keys.publicJwks();
  assert.is(jwks.length, 2);
  assert.is(jwks[0]!.kid, kid, 'the current key is listed first');
  for (const token of [before.token, after.token]) {
    await jwtVerify(token, createLocalJWKSet({ keys: jwks }), {
      issuer: 'http://platform.test',
      audience: 'http://platform.test',
    });
  }
  assert.ok(retiredUntil.getTime() - Date.now() >= 14 * 60_000, 'kept for at least the longest token lifetime');
  const later = ring(() => new Date(retiredUntil.getTime() + 1000));
  assert.equal(
    (await later.publicJwks()).map((key) => key.kid),
    [kid],
    'gone once its tokens have expired',
  );
});

test('a token of one purpose is not accepted for another, and tampering is caught', async () => {
  const tokens = createPlatformTokens({ issuer: 'http://platform.test', audiences, keys: ring() });
  const wallet = await tokens.issue('wallet', { sub: 'demo-alice' }, 60);
  await rejects(() => tokens.verify(wallet.token, 'access'), /wrong audience|wrong type|not a platform access token/);
  const access = await tokens.issue('access', { sub: 'demo-alice' }, 60);
  const [header, payload, signature] = access.token.split('.');
  const forged = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'demo-admin' }),
  ).toString('base64url');
  await rejects(() => tokens.verify(`${header}.${forged}.${signature}`, 'access'), /signature does not verify/);
  const expired = await createPlatformTokens({
    issuer: 'http://platform.test',
    audiences,
    keys: ring(),
    now: () => new Date(Date.now() - 3_600_000),
  }).issue('access', { sub: 'x' }, 60);
  await rejects(() => tokens.verify(expired.token, 'access'), /expired/);
});

test('API keys: shown once, stored hashed, revocable; the bootstrap key keeps a revocation', async () => {
  const service = createApiKeyService({ store: createApiKeyStore(db) });
  const { secret: keySecret, key } = await service.create({ name: 'partner', kind: 'partner', scopes: ['kyc-sdk'] });
  assert.match(keySecret, /^wpk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  const row = await db.selectFrom('api_key').select(['secret_hash']).where('id', '=', key.id).executeTakeFirstOrThrow();
  assert.is.not(row.secret_hash, keySecret);
  assert.not.match(row.secret_hash, new RegExp(keySecret.slice(-20)));
  const principal = await service.authenticate(keySecret);
  assert.equal(
    { kind: principal.kind, keyKind: principal.keyKind, scopes: principal.scopes },
    { kind: 'api-key', keyKind: 'partner', scopes: ['kyc-sdk'] },
  );
  await rejects(
    () => service.authenticate(`${keySecret.slice(0, -1)}x`),
    (error: AppError) => error.code === 'UNAUTHENTICATED',
  );
  await service.revoke(key.prefix);
  await rejects(
    () => service.authenticate(keySecret),
    (error: AppError) => error.code === 'FORBIDDEN' && /revoked/.test(error.message),
  );

  await service.ensureBootstrapKey('bootstrap-admin-key-0123456789');
  assert.is((await service.authenticate('bootstrap-admin-key-0123456789')).keyKind, 'admin');
  await service.revoke('bootstrap');
  await service.ensureBootstrapKey('bootstrap-admin-key-0123456789');
  await rejects(
    () => service.authenticate('bootstrap-admin-key-0123456789'),
    (error: AppError) => error.code === 'FORBIDDEN',
  );
  await service.ensureBootstrapKey('a-new-bootstrap-admin-key-0123456789');
  assert.is(
    (await service.authenticate('a-new-bootstrap-admin-key-0123456789')).keyKind,
    'admin',
    'a new secret replaces the revoked one',
  );
  await rejects(
    () => service.authenticate('bootstrap-admin-key-0123456789'),
    (error: AppError) => error.code === 'UNAUTHENTICATED',
  );
});

test('bad key requests are refused with every problem named', async () => {
  const service = createApiKeyService({ store: createApiKeyStore(db) });
  await rejects(
    () => service.create({ name: ' ', kind: 'root' as never, scopes: ['everything'] }),
    (error: AppError) =>
      error.code === 'VALIDATION_FAILED' &&
      /name must be/.test(error.message) &&
      /kind must be one of/.test(error.message) &&
      /unknown scope 'everything'/.test(error.message),
  );
});

test.run();
