// Verified API keys served from memory (docs/identity.md#api-key-verification): a known key costs
// the store one lookup per lifetime, a revocation through the service is seen at once, and
// forgetting (what a change notification does) sends the next request back to the store.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { createDatabase } from '../../../src/db/create-database.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import type { AppError } from '../../../src/errors/app-error.ts';
import { createTestDatabase } from '../../support/test-database.ts';

const database = await createTestDatabase();
const { db } = createDatabase({ url: database.url });

/** The real store, counting its lookups. */
function countingStore() {
  const store = createApiKeyStore(db);
  const counted = { lookups: 0 };
  return {
    counted,
    store: {
      ...store,
      findByPrefix: (prefix: string) => {
        counted.lookups += 1;
        return store.findByPrefix(prefix);
      },
    },
  };
}

function service(ttlMs: number) {
  const clock = { ms: 1_000 };
  const { store, counted } = countingStore();
  const apiKeys = createApiKeyService({ store, verifiedKeyTtlMs: ttlMs, monotonicNow: () => clock.ms });
  return { apiKeys, counted, clock };
}

async function authenticateError(run: Promise<unknown>): Promise<AppError> {
  try {
    await run;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('a verified key is served from memory for its lifetime, then verified again', async () => {
  const { apiKeys, counted, clock } = service(10_000);
  const { secret, key } = await apiKeys.create({ name: 'cached', kind: 'service', scopes: ['kyc-sdk'] });
  const first = await apiKeys.authenticate(secret);
  assert.equal(first, {
    kind: 'api-key',
    keyId: key.id,
    keyKind: 'service',
    organizationId: null,
    scopes: ['kyc-sdk'],
    ownerUserId: null,
  });
  assert.is(counted.lookups, 1);
  clock.ms += 9_999;
  assert.equal(await apiKeys.authenticate(secret), first);
  assert.is(counted.lookups, 1);
  clock.ms += 1;
  assert.equal(await apiKeys.authenticate(secret), first);
  assert.is(counted.lookups, 2);
});

test('a revocation through the service is seen by the next request', async () => {
  const { apiKeys } = service(60_000);
  const { secret, key } = await apiKeys.create({ name: 'revoked here', kind: 'service' });
  await apiKeys.authenticate(secret);
  await apiKeys.revoke(key.prefix);
  const error = await authenticateError(apiKeys.authenticate(secret));
  assert.is(error.code, 'FORBIDDEN');
  assert.is(error.message, `API key ${key.prefix} has been revoked`);
});

test('a change made elsewhere is seen once the verified keys are forgotten', async () => {
  const { apiKeys, counted } = service(60_000);
  const { secret, key } = await apiKeys.create({ name: 'revoked elsewhere', kind: 'service' });
  await apiKeys.authenticate(secret);
  // Another node, or the admin CLI, revokes it: this node still serves its memory...
  await createApiKeyStore(db).revoke(key.id, new Date());
  assert.is((await apiKeys.authenticate(secret)).keyId, key.id);
  assert.is(counted.lookups, 1);
  // ...until the change notification makes it forget.
  apiKeys.forgetVerifiedKeys();
  assert.is((await authenticateError(apiKeys.authenticate(secret))).code, 'FORBIDDEN');
  assert.is(counted.lookups, 2);
});

test('a lifetime of 0 verifies every request against the store; unknown keys are never remembered', async () => {
  const { apiKeys, counted } = service(0);
  const { secret } = await apiKeys.create({ name: 'uncached', kind: 'service' });
  await apiKeys.authenticate(secret);
  await apiKeys.authenticate(secret);
  assert.is(counted.lookups, 2);
  const cached = service(60_000);
  const unknown = 'wpk_0123456789ab_' + 'A'.repeat(43);
  assert.is((await authenticateError(cached.apiKeys.authenticate(unknown))).code, 'UNAUTHENTICATED');
  assert.is((await authenticateError(cached.apiKeys.authenticate(unknown))).code, 'UNAUTHENTICATED');
  // The unknown prefix, then the bootstrap prefix, each time.
  assert.is(cached.counted.lookups, 4);
});

test.run();
