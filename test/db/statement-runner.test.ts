// Named prepared statements on pool connections (docs/data-layer.md#prepared-statements): a
// named statement is prepared on the connection that runs it and reused there; a connection
// takes a bounded number of names, runs a statement beyond them unnamed and is then replaced by
// a fresh one; the same holds on the service's guarded pool and on a plain pool.
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase, type DatabaseAccess } from '../../src/db/create-database.ts';
import { preparedStatementName } from '../../src/db/prepared-statement-names.ts';
import { createDatabaseOutage } from '../../src/db/database-outage.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { createTestDatabase } from '../support/test-database.ts';

const database = await createTestDatabase();
const outage = createDatabaseOutage({ logger: createLogger('silent') });
const pools: Record<string, DatabaseAccess> = {
  guarded: createDatabase({
    url: database.url,
    poolSize: 1,
    maxPreparedStatements: 2,
    timeouts: { statementMs: 5_000, connectMs: 5_000, requestMs: 5_000 },
    outage,
  }),
  plain: createDatabase({ url: database.url, poolSize: 1, maxPreparedStatements: 2 }),
};
// The same two kinds with the default bound of names, for the statements sent without Describe.
const textPools: Record<string, DatabaseAccess> = {
  guarded: createDatabase({
    url: database.url,
    poolSize: 1,
    timeouts: { statementMs: 5_000, connectMs: 5_000, requestMs: 5_000 },
    outage,
  }),
  plain: createDatabase({ url: database.url, poolSize: 1 }),
};

test.after(async () => {
  outage.close();
  for (const access of [...Object.values(pools), ...Object.values(textPools)]) await access.db.destroy();
  await database.drop();
});

const square = 'SELECT $1::int * $1::int AS value';
const cube = 'SELECT $1::int * $1::int * $1::int AS value';
const negative = 'SELECT - $1::int AS value';

/** The pool holds one connection: these run on the connection the statements ran on. */
function connectionOf({ statements }: DatabaseAccess) {
  return {
    prepared: async () =>
      (await statements.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name', [])).map(
        (row) => row.name,
      ),
    backend: async () => (await statements.query<{ pid: number }>('SELECT pg_backend_pid() AS pid', []))[0]!.pid,
  };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the statement to fail');
}

test('a statement name is derived from its text: one name never stands for two texts', () => {
  assert.match(preparedStatementName('dl', square), /^dl_[0-9a-f]{32}$/);
  assert.is(preparedStatementName('dl', square), preparedStatementName('dl', `${square}`));
  assert.is.not(preparedStatementName('dl', square), preparedStatementName('dl', cube));
});

for (const [kind, access] of Object.entries(pools)) {
  const { statements } = access;
  const { prepared, backend } = connectionOf(access);

  test(`${kind} pool: a named statement is prepared once on its connection and reused`, async () => {
    const pid = await backend();
    assert.equal(await statements.query(square, [3], 'square'), [{ value: 9 }]);
    assert.equal(await statements.query(square, [4], 'square'), [{ value: 16 }]);
    assert.equal(await prepared(), ['square']);
    assert.is(await backend(), pid);
  });

  test(`${kind} pool: beyond its names a connection runs the statement unnamed, then is replaced`, async () => {
    const pid = await backend();
    assert.equal(await statements.query(cube, [2], 'cube'), [{ value: 8 }]);
    assert.equal(await prepared(), ['cube', 'square']);
    assert.equal(await statements.query(negative, [5], 'negative'), [{ value: -5 }]);
    const fresh = await backend();
    assert.is.not(fresh, pid, 'the connection out of names was closed on release');
    assert.equal(await prepared(), []);
    assert.equal(await statements.query(negative, [6], 'negative'), [{ value: -6 }]);
    assert.equal(await prepared(), ['negative']);
    assert.is(await backend(), fresh);
  });

  test(`${kind} pool: Kysely's statements on the same pool stay unnamed`, async () => {
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(access.db);
    assert.equal(rows, [{ one: 1 }]);
    assert.equal(await prepared(), ['negative']);
  });
}

for (const [kind, access] of Object.entries(textPools)) {
  const { statements } = access;
  const { prepared, backend } = connectionOf(access);

  test(`${kind} pool: text rows come back by position, as PostgreSQL's text`, async () => {
    const text = 'SELECT $1::int * 2 AS doubled, NULL::text AS nothing, $2::text[] AS list, $3::jsonb AS json';
    const values = [21, ['a', 'b,c'], { deep: [1] }];
    assert.equal(await statements.textRows(text, values, 'rows'), [['42', null, '{a,"b,c"}', '{"deep": [1]}']]);
    assert.equal(await statements.textRows(text, values, 'rows'), [['42', null, '{a,"b,c"}', '{"deep": [1]}']]);
    assert.equal(await statements.textRows('SELECT g FROM generate_series(1, 3) AS g WHERE g > $1', [1]), [
      ['2'],
      ['3'],
    ]);
    assert.equal(await prepared(), ['rows']);
  });

  test(`${kind} pool: a failed text-rows statement fails alone and its connection stays usable`, async () => {
    const pid = await backend();
    const broken = 'SELEC $1::int';
    // Twice: the name of a statement PostgreSQL refused is not taken as prepared.
    for (let attempt = 0; attempt < 2; attempt += 1)
      assert.is(await failure(statements.textRows(broken, [1], 'broken')), 'syntax error at or near "SELEC"');
    assert.is(await failure(statements.textRows('SELECT 1 / $1::int', [0], 'divide')), 'division by zero');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    assert.match(await failure(statements.textRows('SELECT $1::jsonb', [circular], 'circular')), /circular structure/);
    assert.equal(await statements.textRows('SELECT 1 / $1::int', [1], 'divide'), [['1']]);
    assert.is(await backend(), pid);
    assert.equal(await prepared(), ['divide', 'rows']);
  });
}

test.run();
