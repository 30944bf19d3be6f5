// A key revoked anywhere stops working on a running service at once, though the service keeps
// verified keys in memory for an hour here (docs/identity.md#api-key-verification): the
// revocation is made with plain SQL on another connection, as the admin CLI on another host
// would, and reaches the service only through the database's notification.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BusinessApiClient, startBusinessApi } from '../../support/business-api-client.ts';

const api: BusinessApiClient = await startBusinessApi({ env: { API_KEY_CACHE_SECONDS: '3600' } });

const ping = (key: string) => api.graphql('{ ping }', undefined, { key });

test.after(() => api.close());

test('a key revoked with SQL elsewhere is refused by the next requests, long before its memory expires', async () => {
  const key = await api.key({ name: 'revoked elsewhere' });
  const { secret } = key;
  assert.is((await ping(secret)).status, 200);
  assert.is((await ping(secret)).status, 200);
  await api.rows('UPDATE api_key SET revoked_at = now() WHERE id = $1', [key.id]);
  // The notification is asynchronous: ask until it has arrived (each answer is 200 or 403, never
  // anything else), a bounded number of times rather than against a clock.
  let response = await ping(secret);
  for (let asked = 1; response.status === 200 && asked < 2_000; asked++) response = await ping(secret);
  assert.is(response.status, 403);
  assert.is(response.body.errors[0].extensions.code, 'FORBIDDEN');
  assert.is((await ping(secret)).status, 403);
});

test.run();
