// A key revoked anywhere stops working on a running service at once, though the service keeps
// verified keys in memory for an hour here (docs/identity.md#api-key-verification): the
// revocation is made with plain SQL on another connection, as the admin CLI on another host
// would, and reaches the service only through the database's notification.
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKeyStore } from '../../../src/stores/api-key-store.ts';
import { createApiKeyService } from '../../../src/domain/identity/api-key-service.ts';
import { type TestService, startTestService } from '../../support/test-service.ts';

const service: TestService = await startTestService({ API_KEY_CACHE_SECONDS: '3600' });
const sqlClient = new pg.Client({ connectionString: service.databaseUrl });
await sqlClient.connect();

const ping = (key: string) =>
  service.request('POST', '/graphql', { headers: { 'x-api-key': key }, body: { query: '{ ping }' } });

test.after(async () => {
  await sqlClient.end();
  await service.stop();
});

test('a key revoked with SQL elsewhere is refused by the next requests, long before its memory expires', async () => {
  const { secret, key } = await createApiKeyService({ store: createApiKeyStore(service.db) }).create({
    name: 'revoked elsewhere',
    kind: 'service',
  });
  assert.is((await ping(secret)).status, 200);
  assert.is((await ping(secret)).status, 200);
  await sqlClient.query('UPDATE api_key SET revoked_at = now() WHERE id = $1', [key.id]);
  // The notification is asynchronous: ask until it has arrived (each answer is 200 or 403, never
  // anything else), a bounded number of times rather than against a clock.
  let response = await ping(secret);
  for (let asked = 1; response.status === 200 && asked < 2_000; asked++) response = await ping(secret);
  assert.is(response.status, 403);
  assert.is(response.json().errors[0].extensions.code, 'FORBIDDEN');
  assert.is((await ping(secret)).status, 403);
});

test.run();
