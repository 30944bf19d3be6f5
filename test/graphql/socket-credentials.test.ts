// A graphql-ws socket is held to its key for as long as it lives (docs/identity.md#sockets): a
// key revoked with SQL elsewhere (as the admin CLI on another host would) closes every socket it
// opened, on this node (which keeps verified keys in memory for an hour) and on a second node of
// the same database, with 4403 within a second; a fund cancellation sent on the second node's
// socket right after the revocation changes nothing (that node verifies every operation against
// the database, so no notification need have arrived); a key whose scopes are narrowed is
// refused the next operation that needs them, on a socket that stays open.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BusinessApiClient, startBusinessApi } from '../support/business-api-client.ts';
import { openGraphqlSocket } from '../support/graphql-socket.ts';
import type { TestApiKey } from '../support/test-api-keys.ts';
import { startTestNode } from '../support/test-service.ts';
import { aurora } from './support/scope-callers.ts';

const api: BusinessApiClient = await startBusinessApi({ seed: 'demo', env: { API_KEY_CACHE_SECONDS: '3600' } });
// A second node of the same database that verifies every key against it (no memory).
const secondNode = await startTestNode(api.service.databaseUrl, { API_KEY_CACHE_SECONDS: '0' });

test.after(async () => {
  await secondNode.stop();
  await api.close();
});

const cancel = `mutation ($id: Int!) { cancelFundSubscription(input: { subscriptionId: $id }) { success subscription { status } } }`;

async function pendingSubscription(): Promise<number> {
  const [row] = await api.rows(
    `INSERT INTO fund_subscription (fund_id, user_id, subscription_amount) VALUES (2, 'demo-erin', 1234.56) RETURNING id`,
  );
  return row.id;
}

async function newKey(name: string, scopes = ['funds']): Promise<TestApiKey> {
  return api.key({ name, organization: aurora, scopes, owner: 'demo-alice' });
}

test('a key revoked elsewhere closes its sockets on both nodes within a second, and nothing sent after it runs', async () => {
  const key = await newKey('revoked while its sockets are open');
  const here = await openGraphqlSocket(api.service.url, { apiKey: key.secret });
  const there = await openGraphqlSocket(secondNode.url, { apiKey: key.secret });
  assert.ok(here.acknowledged && there.acknowledged);
  // The socket works, on both nodes: a cancellation runs before the revocation.
  const before = await here.socket.operation('1', cancel, { id: await pendingSubscription() });
  assert.equal(before.results, [
    { data: { cancelFundSubscription: { success: true, subscription: { status: 'CANCELLED' } } } },
  ]);
  assert.equal((await there.socket.operation('1', '{ ping }')).results, [{ data: { ping: 'pong' } }]);

  const untouched = await pendingSubscription();
  await api.rows(`UPDATE api_key SET revoked_at = now() WHERE id = $1`, [key.id]);
  const revokedAt = performance.now();
  const after = await there.socket.operation('2', cancel, { id: untouched });
  // Either the operation was refused before it ran, or the socket was already closed: never a result.
  assert.equal(after.results, []);
  if (after.end === 'error')
    assert.equal(after.errors, [
      { message: `API key ${key.prefix} has been revoked`, extensions: { code: 'FORBIDDEN' } },
    ]);

  for (const { socket } of [here, there]) {
    const closed = await socket.closed;
    assert.equal([closed.code, closed.reason], [4403, `API key ${key.prefix} has been revoked`]);
    assert.ok(closed.at - revokedAt < 1_000, `closed ${Math.round(closed.at - revokedAt)} ms after the revocation`);
  }
  const [row] = await api.rows(`SELECT status FROM fund_subscription WHERE id = $1`, [untouched]);
  assert.is(row.status, 'pending');
  // A new socket with the key is refused at once.
  const again = await openGraphqlSocket(api.service.url, { apiKey: key.secret });
  assert.is(again.acknowledged, false);
  assert.is((await again.socket.closed).code, 4403);
});

test('a key narrowed while its socket is open is refused the next operation that needs the scope; the socket stays', async () => {
  const key = await newKey('narrowed while its socket is open', ['funds', 'read']);
  const { socket } = await openGraphqlSocket(api.service.url, { apiKey: key.secret });
  assert.equal((await socket.operation('1', cancel, { id: await pendingSubscription() })).results.length, 1);
  await api.rows(`UPDATE api_key SET scopes = '{read}' WHERE id = $1`, [key.id]);
  // The notification is asynchronous: ask until it has arrived (each answer succeeds or is refused
  // for the scope, never anything else), a bounded number of times rather than against a clock.
  const id = await pendingSubscription();
  let outcome = await socket.operation('n0', cancel, { id });
  for (let asked = 1; outcome.results[0]?.data && asked < 200; asked++) {
    await api.rows(`UPDATE fund_subscription SET status = 'pending' WHERE id = $1`, [id]);
    outcome = await socket.operation(`n${asked}`, cancel, { id });
  }
  assert.equal(
    outcome.results.map((result) => result.errors.map((error: any) => `${error.extensions.code}: ${error.message}`)),
    [["FORBIDDEN: this API key lacks the 'funds' scope, which cancelFundSubscription needs"]],
  );
  assert.equal((await socket.operation('ping', '{ ping }')).results, [{ data: { ping: 'pong' } }]);
  socket.close();
});

test.run();
