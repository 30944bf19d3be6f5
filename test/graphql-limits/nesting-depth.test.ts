// The nesting scan run before any GraphQL document is parsed (src/graphql-limits/nesting-depth.ts,
// docs/requests.md#document-limits): brackets in strings, block strings and comments do not count.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nestingDepth } from '../../src/graphql-limits/nesting-depth.ts';
import { businessDocumentLimits, documentLimitViolation } from '../../src/graphql-limits/document-limits.ts';

test('counts {, ( and [ open at once', () => {
  assert.is(nestingDepth('{ a(x: [1, [2]]) { b } }'), 4);
  assert.is(nestingDepth('{ a } { b }'), 1);
  assert.is(nestingDepth(''), 0);
});

test('brackets in strings, block strings and comments do not count', () => {
  assert.is(nestingDepth('{ a(x: "{{{[[[(((\\"{{") }'), 2);
  assert.is(nestingDepth('{ a(x: """ {{{ \\""" [[[ """) }'), 2);
  assert.is(nestingDepth('# {{{{{{\n{ a }'), 1);
});

test('stops counting once past the bound', () => {
  assert.is(nestingDepth('{'.repeat(10_000), 100), 101);
});

test('names the limit a document exceeds', () => {
  assert.is(
    documentLimitViolation('{ a '.repeat(101), businessDocumentLimits),
    'the GraphQL document nests deeper than 100 levels of {, ( and [; at most 100 are accepted',
  );
  assert.is(
    documentLimitViolation(`{ ping }${' '.repeat(100_000)}`, businessDocumentLimits),
    'the GraphQL document has 100008 characters; at most 100000 are accepted',
  );
  assert.is(documentLimitViolation(`{ ping }${' '.repeat(99_992)}`, businessDocumentLimits), null);
  assert.is(documentLimitViolation(`${'{ a '.repeat(100)}${'}'.repeat(100)}`, businessDocumentLimits), null);
});

test.run();
