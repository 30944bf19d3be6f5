// The request deadline's scope (docs/database.md#database-faults): work under it sees it,
// work outside does not; it answers with the work's result, or with the expiry error at the
// deadline while the work goes on unawaited; 0 means no deadline. Deadlines of one length share
// one timer: each expires at its own time, in the order they started, and a stopped one never does;
// once stopped or expired, a deadline holds nothing of its request.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  currentDeadline,
  runWithin,
  startDeadline,
  stopDeadline,
  withRequestDeadline,
} from '../../src/request-scope/request-deadline.ts';

const deadlineModule = fileURLToPath(new URL('../../src/request-scope/request-deadline.ts', import.meta.url));
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('deadlines of one length expire each no sooner than its own time, in order; a stopped one never', async () => {
  const expired: { name: string; late: boolean }[] = [];
  let allExpired: () => void = () => {};
  const done = new Promise<void>((resolve) => (allExpired = resolve));
  const note = (name: string) => (deadline: { expiresAt: number }) => {
    expired.push({ name, late: performance.now() >= deadline.expiresAt });
    if (expired.length === 2) allExpired();
  };
  const first = startDeadline(40, note('first'));
  const stopped = startDeadline(40, note('stopped'));
  await sleep(25);
  const third = startDeadline(40, note('third'));
  assert.is(stopDeadline(stopped), true);
  await done;
  await sleep(60); // the stopped one's time, and more, has passed
  assert.equal(expired, [
    { name: 'first', late: true },
    { name: 'third', late: true },
  ]);
  assert.ok(third!.expiresAt - first!.expiresAt >= 25, 'the third started 25 ms later and expired by its own time');
  assert.is(stopped?.expired, false);
  // Stopping after expiry says the door answered then.
  assert.is(stopDeadline(first), false);
});

test('work run within a started deadline sees it; none is started for 0', async () => {
  const deadline = startDeadline(5_000, () => assert.unreachable('expired'));
  assert.is(await runWithin(deadline, async () => currentDeadline()), deadline);
  assert.is(stopDeadline(deadline), true);
  assert.is(
    startDeadline(0, () => {}),
    undefined,
  );
  assert.is(stopDeadline(undefined), true);
});

test('a stopped or expired deadline no longer holds what its expiry would have answered', async () => {
  // Whatever a request's work made keeps its deadline through the async context it captured (a
  // pool's idle timer, a pg connection): the deadline must not keep the request with it.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const held = (timeoutMs: number) => {
    const request = { body: 'x'.repeat(1_000) };
    const deadline = startDeadline(timeoutMs, () => request.body);
    return { deadline, request: new WeakRef(request) };
  };
  const stopped = held(5_000);
  stopDeadline(stopped.deadline);
  const expiredOne = held(5);
  await sleep(30);
  assert.is(expiredOne.deadline?.expired, true);
  collect();
  assert.ok(stopped.deadline, 'the stopped deadline is still held here');
  assert.is(stopped.request.deref(), undefined, 'a stopped deadline kept its request');
  assert.is(expiredOne.request.deref(), undefined, 'an expired deadline kept its request');
});

test('the shared timer holds a process only while a deadline runs', async () => {
  // A deadline of ten minutes, stopped at once: the process must end now, not when it would have expired.
  const script = [
    `import { startDeadline, stopDeadline } from ${JSON.stringify(deadlineModule)};`,
    'stopDeadline(startDeadline(600_000, () => {}));',
    'process.stdout.write("stopped");',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(guard);
  assert.equal({ code, signal, output }, { code: 0, signal: null, output: 'stopped' });
});

test.run();
