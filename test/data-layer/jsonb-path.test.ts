// The jsonb `path` argument (docs/data-layer.md#the-schema-of-a-role): Hasura's path syntax
// parsed to the text[] PostgreSQL's `#>` takes, malformed paths refused naming them, and the
// compiled statement carrying the path as a bound parameter, never as SQL text. Answers over
// HTTP are in hasura-corpus/operators-path-and-rules.test.ts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../src/errors/app-error.ts';
import { createDataQueryExecutor } from '../../src/records/data-layer-sql/data-query-executor.ts';
import { jsonbPathParameter, parseJsonbPath } from '../../src/records/data-layer-sql/jsonb-path.ts';
import { bindParameters } from '../../src/records/data-layer-sql/parameter-slot.ts';
import type { SingleStatementPlan } from '../../src/records/data-layer-sql/query-plan.ts';
import { createDatabase } from '../../src/db/create-database.ts';

test('Hasura path syntax: optional $, dotted keys, a first key without the dot, indexes, quoted keys', () => {
  assert.equal(parseJsonbPath('$'), []);
  assert.equal(parseJsonbPath('$.a.b'), ['a', 'b']);
  assert.equal(parseJsonbPath('a.b'), ['a', 'b']);
  assert.equal(parseJsonbPath('a[0]'), ['a', '0']);
  assert.equal(parseJsonbPath('$.a[1].b'), ['a', '1', 'b']);
  assert.equal(parseJsonbPath('$[2]'), ['2']);
  assert.equal(parseJsonbPath('[2].x'), ['2', 'x']);
  assert.equal(parseJsonbPath('$.snake_case.with-dash.$dollar'), ['snake_case', 'with-dash', '$dollar']);
  assert.equal(parseJsonbPath('$["a b"][\'c.d\']'), ['a b', 'c.d']);
  assert.equal(parseJsonbPath('$.a[007]'), ['a', '7']);
});

test('malformed paths are refused saying where they stop making sense', () => {
  for (const [path, message] of [
    ['', 'the path is empty'],
    ['$.', "unexpected '.'"],
    ['$.a..b', "unexpected '..b'"],
    ['a b', "unexpected ' b'"],
    ['$.a[x]', "unexpected '[x]'"],
    ['$.a[-1]', "unexpected '[-1]'"],
    ['$.1a', "unexpected '.1a'"],
    ['$a', "unexpected 'a'"],
  ] as const) {
    assert.throws(
      () => parseJsonbPath(path),
      (error: Error) => error.message === message,
      path,
    );
  }
  const convert = jsonbPathParameter('details');
  try {
    convert('$.a..b');
    assert.unreachable('a malformed path must be refused');
  } catch (error) {
    assert.instance(error, AppError);
    assert.is((error as AppError).code, 'VALIDATION_FAILED');
    assert.is(
      (error as AppError).message,
      `invalid JSON path "$.a..b" in the argument 'path' of 'details': unexpected '..b'`,
    );
  }
  assert.equal(convert(null), [], 'a null path (a variable without value) selects the whole value');
});

test('the path is a bound text[] parameter, from a literal or a variable; the SQL text never holds it', () => {
  const { db, statements } = createDatabase({ url: 'postgres://unused@127.0.0.1:1/unused' });
  const queries = createDataQueryExecutor({ db, statements });
  const plan = (path: unknown): SingleStatementPlan => ({
    kind: 'select',
    alias: 'audit_log',
    table: 'audit_log',
    arguments: { where: null, orderBy: [], limit: null, offset: null, distinctOn: [] },
    fields: [
      { kind: 'column', alias: 'id', column: 'id' },
      { kind: 'column', alias: 'details', column: 'details', path: path as never },
    ],
  });
  const literal = queries.compile('auditor', plan({ kind: 'literal', value: '$.secretKey[3].x' }));
  assert.match(literal.sql, /"details" #> \$1::text\[\]/);
  assert.not.match(literal.sql, /secretKey/);
  assert.equal(literal.parameters[0], ['secretKey', '3', 'x']);
  const variable = queries.compile('auditor', plan({ kind: 'variable', name: 'p' }));
  assert.equal(bindParameters(variable.parameters, { session: new Map(), variables: { p: 'a[1]' } })[0], ['a', '1']);
  assert.throws(
    () => bindParameters(variable.parameters, { session: new Map(), variables: { p: 'a[' } }),
    (error: Error) => error instanceof AppError && error.code === 'VALIDATION_FAILED',
  );
  assert.throws(
    () => queries.compile('auditor', plan({ kind: 'literal', value: '$..' })),
    (error: Error) => error instanceof AppError && /invalid JSON path "\$\.\."/.test(error.message),
  );
  void db.destroy();
});

test.run();
