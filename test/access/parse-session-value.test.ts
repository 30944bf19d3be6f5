// Session values arrive as strings; arrays as Postgres array literals
// (docs/data-layer.md#authentication).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseSessionValue } from '../../src/access/parse-session-value.ts';

test('scalars', () => {
  assert.is(parseSessionValue('text', 'auth0|abc'), 'auth0|abc');
  assert.is(parseSessionValue('integer', '42'), 42);
  assert.is(parseSessionValue('numeric', '10.50'), '10.50');
  assert.is(parseSessionValue('boolean', 'true'), true);
  assert.is(parseSessionValue('uuid', '6F1C1D2E-0000-4000-8000-00000000000A'), '6f1c1d2e-0000-4000-8000-00000000000a');
});

test('Postgres array literals', () => {
  assert.equal(parseSessionValue('integer[]', '{1,2,3}'), [1, 2, 3]);
  assert.equal(parseSessionValue('integer[]', '{}'), []);
  assert.equal(parseSessionValue('integer[]', ' { 1, 2 } '), [1, 2]);
  assert.equal(parseSessionValue('text[]', '{"a b",c,"d\\"e","f,g"}'), ['a b', 'c', 'd"e', 'f,g']);
});

test('invalid values are refused', () => {
  assert.throws(() => parseSessionValue('integer', '4.2'), /invalid integer/);
  assert.throws(() => parseSessionValue('integer[]', '1,2'), /Postgres array literal/);
  assert.throws(() => parseSessionValue('integer[]', '{1,x}'), /invalid integer/);
  assert.throws(() => parseSessionValue('integer[]', '{1,NULL}'), /NULL/);
  assert.throws(() => parseSessionValue('uuid', 'not-a-uuid'), /invalid uuid/);
});

test.run();
