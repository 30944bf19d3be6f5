// Keys of the result cache (docs/caches.md#result-cache): the same arguments in another key
// order give the same key, another scope or operation another key, long keys are hashed, and
// arguments that are not JSON-plain are refused.
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { longestReadableKey, resultKey } from '../../src/cache/result-key.ts';

test('the key is operation, scope and the arguments in canonical JSON', () => {
  assert.is(
    resultKey('wallets', { offset: 0, limit: 20, filter: { b: 2, a: [3, { d: 1, c: null }] } }, 'all'),
    'wallets:"all":{"filter":{"a":[3,{"c":null,"d":1}],"b":2},"limit":20,"offset":0}',
  );
});

test('the same arguments in another key order give the same key; array order counts', () => {
  const first = resultKey('wallets', { limit: 20, filter: { status: 'active', asset: 'BTC' } }, 'org-1');
  const second = resultKey('wallets', { filter: { asset: 'BTC', status: 'active' }, limit: 20 }, 'org-1');
  assert.is(first, second);
  assert.is.not(resultKey('wallets', { ids: [1, 2] }, 'org-1'), resultKey('wallets', { ids: [2, 1] }, 'org-1'));
});

test('another caller scope, operation or argument value gives another key', () => {
  const base = resultKey('wallets', { limit: 20 }, '0b0c5a4e-1111-4c3d-8e6f-000000000001');
  assert.is.not(base, resultKey('wallets', { limit: 20 }, '0b0c5a4e-1111-4c3d-8e6f-000000000002'));
  assert.is.not(base, resultKey('wallets', { limit: 20 }, 'all'));
  assert.is.not(base, resultKey('portfolio', { limit: 20 }, '0b0c5a4e-1111-4c3d-8e6f-000000000001'));
  assert.is.not(base, resultKey('wallets', { limit: 21 }, '0b0c5a4e-1111-4c3d-8e6f-000000000001'));
  assert.is.not(base, resultKey('wallets', { limit: '20' }, '0b0c5a4e-1111-4c3d-8e6f-000000000001'));
});

test('a scope cannot pass for arguments: parts never run into each other', () => {
  assert.is.not(resultKey('a', { x: 1 }, 's:{"x":1}'), resultKey('a', { x: 1 }, 's'));
  assert.is(resultKey('a', {}, 'x"y'), 'a:"x\\"y":{}');
});

test('an argument holding undefined counts as absent; graphql-js argument objects without a prototype are plain', () => {
  const bare = Object.assign(Object.create(null) as Record<string, unknown>, { limit: 5 });
  assert.is(resultKey('wallets', { limit: 5, offset: undefined }, 'all'), resultKey('wallets', { limit: 5 }, 'all'));
  assert.is(resultKey('wallets', bare, 'all'), resultKey('wallets', { limit: 5 }, 'all'));
});

test('a key longer than the readable limit is the operation and a SHA-256 of the whole text', () => {
  const args = { search: 'x'.repeat(500) };
  const text = `wallets:"all":{"search":"${'x'.repeat(500)}"}`;
  const key = resultKey('wallets', args, 'all');
  assert.is(key, `wallets:sha256:${createHash('sha256').update(text).digest('hex')}`);
  assert.ok(key.length < longestReadableKey);
  assert.is.not(key, resultKey('wallets', { search: 'x'.repeat(501) }, 'all'));
});

test('arguments that are not JSON-plain, and bad operations or scopes, are refused', () => {
  assert.throws(
    () => resultKey('wallets', { since: new Date(0) }, 'all'),
    /arguments of wallets must be JSON-plain .*: \$\.since is a Date/,
  );
  assert.throws(() => resultKey('wallets', { big: 1n }, 'all'), /\$\.big is a bigint/);
  assert.throws(() => resultKey('wallets', { list: [1, undefined] }, 'all'), /\$\.list\[1\] is undefined/);
  assert.throws(() => resultKey('wallets', { n: Number.NaN }, 'all'), /\$\.n is NaN/);
  assert.throws(() => resultKey('wallets:x', {}, 'all'), /operation must be a GraphQL field name, got "wallets:x"/);
  assert.throws(() => resultKey('wallets', {}, ''), /callerScope must be a non-empty string/);
});

test.run();
