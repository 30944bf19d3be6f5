// Which POST /graphql requests the fast lane takes (docs/requests.md#the-graphql-fast-lane):
// only ordinary ones, judged on the headers alone; every other request goes to Koa untouched.
import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fastLaneRequest } from '../../src/graphql/graphql-fast-lane.ts';

const ordinaryHeaders = { 'content-type': 'application/json', 'content-length': '20', 'x-api-key': 'wpk_a_b' };

function taken(change: { method?: string; url?: string; headers?: Record<string, string | undefined> } = {}) {
  const headers = Object.fromEntries(
    Object.entries({ ...ordinaryHeaders, ...change.headers }).filter(([, value]) => value !== undefined),
  );
  const request = { method: change.method ?? 'POST', url: change.url ?? '/graphql', headers };
  return fastLaneRequest(request as unknown as IncomingMessage);
}

test('an ordinary request is taken, with the media type its Accept picks and its key', () => {
  assert.equal(taken(), { mediaType: 'application/json', apiKey: 'wpk_a_b' });
  assert.equal(taken({ headers: { accept: 'application/graphql-response+json' } }), {
    mediaType: 'application/graphql-response+json',
    apiKey: 'wpk_a_b',
  });
  assert.equal(taken({ headers: { 'content-type': 'application/json; charset=utf-8' } })?.apiKey, 'wpk_a_b');
  assert.equal(taken({ headers: { 'content-encoding': 'identity' } })?.apiKey, 'wpk_a_b');
  assert.equal(taken({ headers: { 'content-length': String(1024 * 1024) } })?.apiKey, 'wpk_a_b');
});

test('anything else goes to Koa', () => {
  const others: [string, Parameters<typeof taken>[0]][] = [
    ['another method', { method: 'GET' }],
    ['a query string', { url: '/graphql?x=1' }],
    ['a trailing slash', { url: '/graphql/' }],
    ['another path', { url: '/v1/graphql' }],
    ['no content type', { headers: { 'content-type': undefined } }],
    ['text/plain', { headers: { 'content-type': 'text/plain' } }],
    ['another charset', { headers: { 'content-type': 'application/json; charset=latin1' } }],
    ['an upper-case media type', { headers: { 'content-type': 'Application/JSON' } }],
    ['a compressed body', { headers: { 'content-encoding': 'gzip' } }],
    ['no declared length (chunked)', { headers: { 'content-length': undefined } }],
    ['a declared length over the limit', { headers: { 'content-length': String(1024 * 1024 + 1) } }],
    ['no key', { headers: { 'x-api-key': undefined } }],
    ['an empty key', { headers: { 'x-api-key': '' } }],
    ['an Accept no GraphQL response meets', { headers: { accept: 'text/html' } }],
  ];
  for (const [name, change] of others) assert.is(taken(change), null, name);
});

test.run();
