// The outage log (docs/database.md#database-faults): one line when the database becomes
// unavailable and one when it is back, whatever the number of failing queries; outcomes of
// operations begun before the last change do not flip it back; a probe notices recovery alone.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createDatabaseOutage, type DatabaseOutageOptions } from '../../src/db/database-outage.ts';
import { createLogger } from '../../src/observability/logger.ts';

function recorder(options: Partial<DatabaseOutageOptions> = {}) {
  const lines: string[] = [];
  const changes: boolean[] = [];
  const faults: string[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        const line = JSON.parse(chunk.toString());
        lines.push(`${line.level} ${line.msg}${line.cause ? ` (${line.cause})` : ''}`);
        done();
      },
    }),
  );
  const outage = createDatabaseOutage({
    logger,
    onChange: (available) => changes.push(available),
    onFault: (fault) => faults.push(fault.kind),
    ...options,
  });
  return { outage, lines, changes, faults };
}

const refused = { kind: 'unavailable', cause: 'ECONNREFUSED' } as const;

test('many failures and successes make one line each way', () => {
  const { outage, lines, changes, faults } = recorder();
  for (let index = 0; index < 200; index += 1) outage.failed(performance.now(), refused);
  assert.is(outage.available, false);
  for (let index = 0; index < 50; index += 1) outage.succeeded(performance.now());
  assert.is(outage.available, true);
  assert.equal(lines, ['50 database unavailable (ECONNREFUSED)', '30 database available again']);
  assert.equal(changes, [false, true]);
  assert.is(faults.length, 200);
  outage.close();
});

test('an operation begun before the last change does not undo it', () => {
  const { outage, lines } = recorder();
  const before = performance.now();
  outage.failed(performance.now(), refused);
  outage.succeeded(before);
  assert.is(outage.available, false);
  outage.succeeded(performance.now());
  outage.failed(before, refused);
  assert.is(outage.available, true);
  assert.equal(lines, ['50 database unavailable (ECONNREFUSED)', '30 database available again']);
  outage.close();
});

test('a busy pool and a cancelled statement are counted but are no outage', () => {
  const { outage, lines, faults } = recorder();
  outage.failed(performance.now(), { kind: 'pool-busy', cause: 'timeout exceeded when trying to connect' });
  outage.failed(performance.now(), { kind: 'statement-timeout', cause: '57014' });
  assert.is(outage.available, true);
  assert.equal(lines, []);
  assert.equal(faults, ['pool-busy', 'statement-timeout']);
  outage.close();
});

test('while unavailable the probe runs until the database is back, then stops', async () => {
  let probes = 0;
  const { outage, lines } = recorder({
    probeEveryMs: 10,
    probe: async () => {
      probes += 1;
      // The third probe reaches the database: its success is reported as any query's is.
      if (probes === 3) outage.succeeded(performance.now());
      else outage.failed(performance.now(), refused);
    },
  });
  outage.failed(performance.now(), refused);
  // The probe's timer does not keep a process alive (it is unref'd); these waits do.
  for (let wait = 0; wait < 100 && !outage.available; wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.is(probes, 3);
  assert.equal(lines, ['50 database unavailable (ECONNREFUSED)', '30 database available again']);
  outage.close();
});

test.run();
