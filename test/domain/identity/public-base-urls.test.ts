// The base URLs a browser may use (docs/identity.md "Browser login"): a loopback PUBLIC_URL
// gains the other loopback names on the same scheme, port and path; any other PUBLIC_URL
// gains none; a Host header only ever selects one of them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPublicBaseUrls } from '../../../src/domain/identity/public-base-urls.ts';

test('a loopback PUBLIC_URL has the other loopback names as aliases, canonical first', () => {
  const urls = createPublicBaseUrls('http://127.0.0.1:3000');
  assert.is(urls.canonical, 'http://127.0.0.1:3000');
  assert.equal(urls.all, ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']);
});

test('aliases keep the scheme and the path of PUBLIC_URL', () => {
  assert.equal(createPublicBaseUrls('https://localhost:8443/platform').all, [
    'https://localhost:8443/platform',
    'https://127.0.0.1:8443/platform',
    'https://[::1]:8443/platform',
  ]);
});

test('a PUBLIC_URL on any other host has no alias, and every Host header gets it', () => {
  const urls = createPublicBaseUrls('https://platform.example.org');
  assert.equal(urls.all, ['https://platform.example.org']);
  for (const host of [
    'platform.example.org',
    'localhost',
    'localhost:443',
    '127.0.0.1',
    'evil.example.org',
    undefined,
  ]) {
    assert.is(urls.forHost(host), 'https://platform.example.org', String(host));
  }
});

test('forHost picks an alias only for its exact host and port, without regard to case', () => {
  const urls = createPublicBaseUrls('http://127.0.0.1:3000');
  assert.is(urls.forHost('localhost:3000'), 'http://localhost:3000');
  assert.is(urls.forHost('LocalHost:3000'), 'http://localhost:3000');
  assert.is(urls.forHost('[::1]:3000'), 'http://[::1]:3000');
  assert.is(urls.forHost('127.0.0.1:3000'), 'http://127.0.0.1:3000');
  assert.is(urls.forHost('localhost'), 'http://127.0.0.1:3000');
  assert.is(urls.forHost('localhost:3001'), 'http://127.0.0.1:3000');
  assert.is(urls.forHost('localhost.evil.example.org:3000'), 'http://127.0.0.1:3000');
  assert.is(urls.forHost(undefined), 'http://127.0.0.1:3000');
});

test.run();
