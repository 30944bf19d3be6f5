// createAfterFirstReady (src/composition/after-first-ready.ts): work held back until the service's
// first readiness answer has been written, or its fallback delay, once; never while stopping.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAfterFirstReady } from '../../src/composition/after-first-ready.ts';

const aDay = 24 * 60 * 60 * 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves once `done()` holds, checking every turn of the event loop (no deadline to race). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise<void>((resolve) => setTimeout(resolve, 5));
}

test('waits for the first 200 answer, then starts every task once, in a later turn', async () => {
  const started: string[] = [];
  const after = createAfterFirstReady({ fallbackMs: aDay, stopping: () => false });
  after.run([() => started.push('browser'), () => started.push('provider')]);
  await nextTurn();
  assert.equal(started, []);
  after.answeredReady();
  assert.equal(started, [], 'not in the turn that writes the answer');
  await nextTurn();
  after.answeredReady();
  await nextTurn();
  assert.equal(started, ['browser', 'provider']);
  after.cancel();
});

test('an answer before the service is ready: the tasks start as soon as they are given', async () => {
  const started: string[] = [];
  const after = createAfterFirstReady({ fallbackMs: aDay, stopping: () => false });
  after.answeredReady();
  await nextTurn();
  after.run([() => started.push('browser')]);
  await nextTurn();
  assert.equal(started, ['browser']);
});

test('nobody probes: the tasks start after the fallback delay, and not again on a later answer', async () => {
  const started: string[] = [];
  const after = createAfterFirstReady({ fallbackMs: 10, stopping: () => false });
  after.run([() => started.push('browser')]);
  await until(() => started.length > 0);
  after.answeredReady();
  await nextTurn();
  assert.equal(started, ['browser']);
});

test('a service shutting down, or cancelled, starts nothing', async () => {
  const started: string[] = [];
  const stopping = createAfterFirstReady({ fallbackMs: aDay, stopping: () => true });
  stopping.run([() => started.push('while stopping')]);
  stopping.answeredReady();
  const cancelled = createAfterFirstReady({ fallbackMs: aDay, stopping: () => false });
  cancelled.run([() => started.push('after cancel')]);
  cancelled.cancel();
  cancelled.answeredReady();
  await nextTurn();
  await nextTurn();
  assert.equal(started, []);
});

test.run();
