// Which errors are database faults, and of which kind (docs/database.md#database-faults):
// real errors from pg, pg-pool and sockets where they can be provoked here, and the SQLSTATEs
// of a server that refuses or drops connections.
import net from 'node:net';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { databaseFaultOf } from '../../src/db/database-faults.ts';

const withCode = (code: string) => Object.assign(new Error(`server said ${code}`), { code });

test('a refused connection is unavailable, by its socket code', async () => {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as net.AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const client = new pg.Client({ connectionString: `postgres://x@127.0.0.1:${port}/x` });
  const error = await client.connect().then(
    () => assert.unreachable('connected to a closed port'),
    (thrown: unknown) => thrown,
  );
  assert.equal(databaseFaultOf(error), { kind: 'unavailable', cause: 'ECONNREFUSED' });
});

test('a server that accepts and stays silent is no-answer at the connect timeout; a full pool is pool-busy', async () => {
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  const pool = new pg.Pool({
    connectionString: `postgres://x@127.0.0.1:${port}/x`,
    connectionTimeoutMillis: 100,
    max: 1,
  });
  const connectError = await pool.connect().then(
    () => assert.unreachable('connected to a silent server'),
    (thrown: unknown) => thrown,
  );
  assert.equal(databaseFaultOf(connectError), {
    kind: 'no-answer',
    cause: 'Connection terminated due to connection timeout',
  });
  await pool.end();
  silent.close();
  assert.equal(databaseFaultOf(new Error('timeout exceeded when trying to connect')), {
    kind: 'pool-busy',
    cause: 'timeout exceeded when trying to connect',
  });
});

test('SQLSTATEs of a server that refuses or drops us are unavailable; 57014 is a statement timeout', () => {
  for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '28P01'])
    assert.equal(databaseFaultOf(withCode(code)), { kind: 'unavailable', cause: code }, code);
  assert.equal(databaseFaultOf(withCode('57014')), { kind: 'statement-timeout', cause: '57014' });
  assert.equal(databaseFaultOf(new Error('Connection terminated unexpectedly')), {
    kind: 'unavailable',
    cause: 'Connection terminated unexpectedly',
  });
});

test('errors about the request or a bug are no fault', () => {
  for (const code of ['23505', '22P02', '42P01', '40001', '25P02'])
    assert.is(databaseFaultOf(withCode(code)), null, code);
  assert.is(databaseFaultOf(new TypeError('x is undefined')), null);
  assert.is(databaseFaultOf('not an error'), null);
});

test.run();
