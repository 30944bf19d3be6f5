// Generated TypeScript literals: stable quoting, keys and line breaking.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderTsLiteral } from '../../../../scripts/codegen/permissions/render-ts-literal.ts';

test('short values stay on one line; keys are quoted only when needed', () => {
  assert.is(
    renderTsLiteral({ a: 1, 'x-data-user-id': "it's", $session: null, list: ['a', true] }),
    "{ a: 1, 'x-data-user-id': 'it\\'s', $session: null, list: ['a', true] }",
  );
  assert.is(renderTsLiteral({}), '{}');
  assert.is(renderTsLiteral([]), '[]');
});

test('long values break, scalar lists are packed', () => {
  const columns = Array.from({ length: 30 }, (_, index) => `column_${index}`);
  const text = renderTsLiteral({ fields: columns, nested: { deep: columns.slice(0, 2) } });
  assert.is(text.split('\n')[0], '{');
  assert.ok(text.split('\n').every((line) => line.length <= 120));
  assert.match(text, /^ {4}'column_0', 'column_1', /m);
  assert.match(text, /^ {2}nested: \{ deep: \['column_0', 'column_1'\] \},$/m);
});

test.run();
