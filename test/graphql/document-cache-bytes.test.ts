// The parsed-document caches are bounded by bytes, the query text (the key) included
// (docs/caches.md#bounded-caches): many large distinct documents padded with comments, as an
// outside campaign sent, never hold more than the budget.
import { buildSchema } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPreparedDocuments, preparedDocumentBytes } from '../../src/data-layer/request/prepared-documents.ts';
import { createDocumentCache, documentCacheBytes } from '../../src/graphql/document-cache.ts';
import { documentBytes } from '../../src/graphql-limits/document-bytes.ts';

/** A distinct document of about `characters` characters, mostly a comment. */
const padded = (index: number, characters: number) => `# ${index} ${'x'.repeat(characters)}\n{ ping }`;

test('the business document cache holds at most 32 MiB however many large documents arrive', () => {
  const cache = createDocumentCache();
  for (let index = 0; index < 1_200; index += 1) cache.parse(padded(index, 99_000));
  assert.ok(cache.bytes > documentCacheBytes - 300_000, `filled to ${cache.bytes}`);
  assert.ok(cache.bytes <= documentCacheBytes, `${cache.bytes} ≤ ${documentCacheBytes}`);
});

test('the data layer document cache holds at most 64 MiB however many large documents arrive', () => {
  const cache = createPreparedDocuments();
  const schema = buildSchema('type Query { ping: String }');
  for (let index = 0; index < 1_200; index += 1) cache.prepare('user', schema, padded(index, 199_000));
  assert.ok(cache.bytes > preparedDocumentBytes - 500_000, `filled to ${cache.bytes}`);
  assert.ok(cache.bytes <= preparedDocumentBytes, `${cache.bytes} ≤ ${preparedDocumentBytes}`);
});

test('a document counts its text at 2 bytes a character and 300 bytes per token', () => {
  const cache = createDocumentCache();
  const source = '{ ping }';
  cache.parse(source);
  // Tokens: <SOF> { ping } <EOF>.
  assert.is(cache.bytes, source.length * 2 + 5 * 300);
  assert.is(documentBytes(source, {}), source.length * 2);
});

test.run();
