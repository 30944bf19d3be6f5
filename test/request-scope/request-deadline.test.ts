// The request deadline's scope (docs/database.md#database-faults): work under it sees it,
// work outside does not; it answers with the work's result, or with the expiry error at the
// deadline while the work goes on unawaited; 0 means no deadline.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { currentDeadline, withRequestDeadline } from '../../src/request-scope/request-deadline.ts';

const expired = (deadline: { timeoutMs: number }) => new Error(`expired after ${deadline.timeoutMs} ms`);

test('work under a deadline sees it, across awaits; outside there is none', async () => {
  assert.is(currentDeadline(), undefined);
  const seen = await withRequestDeadline(
    5_000,
    async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const deadline = currentDeadline();
      return { timeoutMs: deadline?.timeoutMs, expired: deadline?.expired, commitsInFlight: deadline?.commitsInFlight };
    },
    expired,
  );
  assert.equal(seen, { timeoutMs: 5_000, expired: false, commitsInFlight: 0 });
  assert.is(currentDeadline(), undefined);
});

test('at the deadline the expiry error answers and the deadline is marked expired', async () => {
  let release: () => void = () => {};
  let deadlineSeen: ReturnType<typeof currentDeadline>;
  const answer = withRequestDeadline(
    20,
    async () => {
      deadlineSeen = currentDeadline();
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error('failed after the answer');
    },
    expired,
  );
  await answer.then(
    () => assert.unreachable('answered before the deadline'),
    (error: Error) => assert.is(error.message, 'expired after 20 ms'),
  );
  assert.is(deadlineSeen?.expired, true);
  // Its later failure is nobody's: no unhandled rejection.
  release();
  await new Promise((resolve) => setTimeout(resolve, 10));
});

test('0 runs the work without a deadline', async () => {
  assert.is(await withRequestDeadline(0, async () => currentDeadline(), expired), undefined);
});

test.run();
