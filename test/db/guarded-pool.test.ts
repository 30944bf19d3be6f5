// The service's pool against a real PostgreSQL (docs/database.md#database-faults): the
// server cancels a long statement and the connection stays usable; after a request's deadline
// a transaction cannot commit any more; a connection terminated between two statements of a
// transaction is a SERVICE_UNAVAILABLE, not an unhandled 'error' event that ends the process.
import { sql } from 'kysely';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabase } from '../../src/db/create-database.ts';
import { createDatabaseOutage } from '../../src/db/database-outage.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { requestDeadlineExceeded } from '../../src/errors/unavailable-errors.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { withRequestDeadline } from '../../src/request-scope/request-deadline.ts';
import { createTestDatabase } from '../support/test-database.ts';

const database = await createTestDatabase();
const outage = createDatabaseOutage({ logger: createLogger('silent') });
const { db, statements } = createDatabase({
  url: database.url,
  poolSize: 2,
  timeouts: { statementMs: 200, connectMs: 1_000, requestMs: 5_000 },
  outage,
});
const direct = new pg.Client({ connectionString: database.url });
await direct.connect();

test.after(async () => {
  outage.close();
  await db.destroy();
  await direct.end();
  await database.drop();
});

async function failure(work: Promise<unknown>): Promise<AppError> {
  const thrown = await work.then(
    () => assert.unreachable('expected a failure'),
    (error: unknown) => error,
  );
  assert.instance(thrown, AppError);
  return thrown as AppError;
}

const organizations = async (slug: string) =>
  Number((await direct.query('SELECT count(*) AS n FROM organization WHERE slug = $1', [slug])).rows[0].n);

test('the server cancels a statement over DB_STATEMENT_TIMEOUT_MS; the connection serves the next one', async () => {
  const error = await failure(sql`SELECT pg_sleep(2)`.execute(db));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.is(error.retryAfterSeconds, 5);
  assert.is(error.quiet, true);
  assert.match(error.message, /^database statement timeout/);
  assert.equal((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows, [{ one: 1 }]);
  assert.is(outage.available, true);
});

test('a statement sent without Describe is guarded alike: cancelled at the timeout, then the connection serves on', async () => {
  const error = await failure(statements.textRows('SELECT pg_sleep($1::float8)', [2], 'sleep'));
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.match(error.message, /^database statement timeout/);
  assert.equal(await statements.textRows('SELECT $1::int + 1, NULL', [1], 'plus'), [['2', null]]);
  assert.is(outage.available, true);
});

test('a statement without Describe still running at the deadline ends there; the next runs on', async () => {
  let statement: Promise<unknown> = Promise.resolve();
  const answer = withRequestDeadline(
    100,
    () => (statement = statements.textRows('SELECT pg_sleep($1::float8)', [0.15], 'late')),
    requestDeadlineExceeded,
  );
  const answered = await failure(answer);
  assert.match(answered.message, /^the request did not finish within 100 ms/);
  assert.is((await failure(statement)).message, answered.message);
  assert.equal(await statements.textRows('SELECT $1::text', ['after']), [['after']]);
});

test('a read that waited for a connection keeps its own deadline when another request hands the connection over', async () => {
  // Both connections busy under a long deadline; the read waits, and its connection comes from
  // their release, in their scope (pg-pool calls the next waiter back from inside release).
  const holders = [1, 2].map(() =>
    withRequestDeadline(
      5_000,
      () => statements.textRows('SELECT pg_sleep($1::float8)', [0.15], 'hold'),
      requestDeadlineExceeded,
    ),
  );
  let statement: Promise<unknown> = Promise.resolve();
  const answer = withRequestDeadline(
    100,
    () => (statement = statements.textRows('SELECT $1::text', ['waited'], 'waited')),
    requestDeadlineExceeded,
  );
  const answered = await failure(answer);
  // Its deadline had passed when the connection came: never sent.
  assert.is((await failure(statement)).message, answered.message);
  assert.equal(await Promise.all(holders), [[['']], [['']]]);
});

test('after the deadline a transaction in flight is rolled back, never committed', async () => {
  let releaseWork: () => void = () => {};
  const held = new Promise<void>((resolve) => (releaseWork = resolve));
  let transaction: Promise<unknown> = Promise.resolve();
  const answer = withRequestDeadline(
    300,
    () =>
      (transaction = db.transaction().execute(async (trx) => {
        await trx.insertInto('organization').values({ name: 'Late', slug: 'late-commit' }).execute();
        // The handler is still busy when the deadline answers the request.
        await held;
      })),
    requestDeadlineExceeded,
  );
  const answered = await failure(answer);
  assert.is(
    answered.message,
    'the request did not finish within 300 ms: a transaction it had open is rolled back, never committed',
  );
  releaseWork();
  const refused = await failure(transaction);
  assert.is(refused.message, answered.message);
  assert.is(await organizations('late-commit'), 0);
});

test('a connection terminated between two statements of a transaction is SERVICE_UNAVAILABLE', async () => {
  const error = await failure(
    db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      await direct.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      // Until the server has closed it, with no statement running on it.
      while ((await direct.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid])).rowCount)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await trx.insertInto('organization').values({ name: 'Lost', slug: 'lost-connection' }).execute();
    }),
  );
  assert.is(error.code, 'SERVICE_UNAVAILABLE');
  assert.is(error.message, 'database unavailable: try again later');
  assert.is(outage.available, false);
  assert.is(await organizations('lost-connection'), 0);
  // The pool opens a new connection for the next caller.
  assert.equal((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows, [{ one: 1 }]);
  assert.is(outage.available, true);
});

test.run();
