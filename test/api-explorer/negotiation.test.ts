// Which GETs of a GraphQL endpoint get the GraphiQL page, and who gets gzip
// (docs/api-explorer.md#graphiql): a browser does, a GraphQL client never.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { acceptsGzip, prefersHtml } from '../../src/api-explorer/negotiation.ts';

test('HTML only when the client prefers it to every GraphQL response media type', () => {
  const cases: [string | undefined, boolean][] = [
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', true],
    ['text/html', true],
    ['text/html, application/json', true],
    ['text/*', true],
    [undefined, false],
    ['', false],
    ['*/*', false],
    ['application/json', false],
    ['application/graphql-response+json, application/json;q=0.9', false],
    ['application/json, text/html', false],
    ['application/graphql-response+json, text/html;q=0.5', false],
    ['text/html;q=0', false],
    ['image/png', false],
  ];
  assert.equal(
    cases.map(([accept]) => [accept, prefersHtml(accept)]),
    cases,
  );
});

test('gzip when the client lists it (or any coding) without refusing it', () => {
  const cases: [string | undefined, boolean][] = [
    ['gzip, deflate, br, zstd', true],
    ['gzip', true],
    ['*', true],
    [undefined, false],
    ['', false],
    ['br', false],
    ['gzip;q=0', false],
    ['identity', false],
  ];
  assert.equal(
    cases.map(([encoding]) => [encoding, acceptsGzip(encoding)]),
    cases,
  );
});

test.run();
