// The expiry queue under the request deadlines and the statement limits
// (src/request-scope/expiry-queue.ts): entries added in any order expire in the order of their
// times, each no sooner than its own; one that expires before every other re-arms the timer for
// itself; a removed one never expires, and removing it twice (or after it expired) says so.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Expiring, ExpiryQueue } from '../../src/request-scope/expiry-queue.ts';

interface Entry extends Expiring<Entry> {
  readonly name: string;
}

const entry = (name: string, inMs: number): Entry => ({
  name,
  expiresAt: performance.now() + inMs,
  earlier: null,
  later: null,
});

/** A queue whose expiries are noted with when they came; `until(n)` resolves after the n-th. */
function notingQueue() {
  const expired: { name: string; lateBy: number }[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const queue = new ExpiryQueue<Entry>((due) => {
    expired.push({ name: due.name, lateBy: performance.now() - due.expiresAt });
    for (const wait of waiting) if (expired.length >= wait.count) wait.resolve();
  });
  const until = (count: number) =>
    new Promise<void>((resolve) => (expired.length >= count ? resolve() : waiting.push({ count, resolve })));
  return { queue, expired, until };
}

test('entries added out of order expire in the order of their times, none early', async () => {
  const { queue, expired, until } = notingQueue();
  for (const [name, inMs] of [
    ['c', 60],
    ['a', 20],
    ['d', 80],
    ['b', 40],
  ] as const)
    queue.add(entry(name, inMs));
  await until(4);
  assert.equal(
    expired.map((due) => due.name),
    ['a', 'b', 'c', 'd'],
  );
  for (const due of expired) assert.ok(due.lateBy >= 0, `${due.name} expired ${-due.lateBy} ms early`);
});

test('an entry that expires before all others is not kept waiting for the timer armed for them', async () => {
  const { queue, expired, until } = notingQueue();
  const late = entry('late', 5_000);
  queue.add(late);
  const soon = entry('soon', 20);
  queue.add(soon);
  await until(1);
  assert.is(expired[0]?.name, 'soon');
  // Armed for the late one only, it would have come with it, five seconds on.
  assert.ok(performance.now() < late.expiresAt, 'the early entry waited for the late one');
  assert.ok(queue.remove(late));
});

test('a removed entry never expires; removing it again, or one expired, answers false', async () => {
  const { queue, expired, until } = notingQueue();
  const removed = entry('removed', 10);
  const kept = entry('kept', 30);
  queue.add(removed);
  queue.add(kept);
  assert.ok(queue.remove(removed));
  assert.not.ok(queue.remove(removed));
  await until(1);
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(
    expired.map((due) => due.name),
    ['kept'],
  );
  assert.not.ok(queue.remove(kept));
});

test.run();
