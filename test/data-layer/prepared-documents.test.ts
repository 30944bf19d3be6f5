// The data layer's document cache (src/data-layer/request/prepared-documents.ts): one parse per
// query text serves every role, each role's validation is its own, and the length and nesting
// limits refuse a text before its first parse (docs/data-layer.md#limits).
import { buildSchema } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DataLayerError } from '../../src/data-layer/data-layer-error.ts';
import { createPreparedDocuments } from '../../src/data-layer/request/prepared-documents.ts';

const narrow = buildSchema('type Query { ping: String }');
const wide = buildSchema('type Query { ping: String secret: String }');

function refusal(run: () => unknown): DataLayerError {
  try {
    run();
  } catch (error) {
    if (error instanceof DataLayerError) return error;
    throw error;
  }
  throw new Error('expected a DataLayerError');
}

test('one text, two roles: parsed once, validated by each role schema, each answer cached for its role', () => {
  const documents = createPreparedDocuments();
  const query = '{ secret }';
  const refused = documents.prepare('user', narrow, query);
  const allowed = documents.prepare('admin', wide, query);
  assert.is(allowed.document, refused.document);
  assert.equal(allowed.errors, null);
  assert.equal(
    refused.errors?.map((entry) => entry.code),
    ['VALIDATION_FAILED'],
  );
  assert.is.not(allowed.id, refused.id);
  assert.is(documents.prepare('user', narrow, query), refused);
  assert.is(documents.prepare('admin', wide, query), allowed);
});

test('a text sent by two roles is counted once in the byte budget', () => {
  const documents = createPreparedDocuments();
  documents.prepare('user', narrow, '{ ping }');
  const once = documents.bytes;
  documents.prepare('admin', wide, '{ ping }');
  assert.is(documents.bytes, once);
});

test('a text over the nesting limit is refused before parsing, every time, and nothing is cached', () => {
  const documents = createPreparedDocuments();
  const deep = `{ ${'a { '.repeat(2_500)}b${' }'.repeat(2_500)} }`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const error = refusal(() => documents.prepare('user', narrow, deep));
    assert.is(error.code, 'BAD_REQUEST');
    assert.is(error.path, '$.query');
    assert.is(
      error.message,
      'the GraphQL document nests deeper than 100 levels of {, ( and [; at most 100 are accepted',
    );
  }
  assert.is(documents.bytes, 0);
});

test('a text over 200,000 characters is refused naming the limit', () => {
  const documents = createPreparedDocuments();
  const error = refusal(() => documents.prepare('user', narrow, `{ ping }${' '.repeat(200_000)}`));
  assert.is(error.code, 'BAD_REQUEST');
  assert.is(error.message, 'the GraphQL document has 200008 characters; at most 200000 are accepted');
});

test.run();
