// The PDF engine's render queue (docs/documents.md#the-pdf-engine): bounded concurrency in
// arrival order, a full line refused at once with Retry-After, aborts and close().
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../src/errors/app-error.ts';
import { createRenderQueue } from '../../../src/documents/pdf/render-queue.ts';

function gate<T = string>() {
  let open: (value: T) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  assert.unreachable('expected a rejection');
  throw new Error('unreachable');
}

test('runs at most `concurrency` tasks at once, in arrival order', async () => {
  const queue = createRenderQueue({ concurrency: 2, maxQueue: 5 });
  const gates = [gate(), gate(), gate()];
  const started: number[] = [];
  const results = gates.map((g, i) => queue.run(() => (started.push(i), g.promise)));
  await tick();
  assert.equal(started, [0, 1]);
  assert.is(queue.active, 2);
  assert.is(queue.waiting, 1);
  gates[1]!.open('b');
  await tick();
  assert.equal(started, [0, 1, 2]);
  gates[0]!.open('a');
  gates[2]!.open('c');
  assert.equal(await Promise.all(results), ['a', 'b', 'c']);
  assert.is(queue.active, 0);
});

test('a full line is refused at once with SERVICE_UNAVAILABLE and Retry-After', async () => {
  const queue = createRenderQueue({ concurrency: 1, maxQueue: 1, retryAfterSeconds: 3 });
  const g = gate();
  const first = queue.run(() => g.promise);
  const second = queue.run(() => Promise.resolve('second'));
  const error = await queue.run(() => Promise.resolve('third')).catch((e: unknown) => e);
  assert.instance(error, AppError);
  assert.is((error as AppError).code, 'SERVICE_UNAVAILABLE');
  assert.is((error as AppError).httpStatus, 503);
  assert.is((error as AppError).retryAfterSeconds, 3);
  assert.match((error as AppError).message, /PDF queue is full \(1 rendering, 1 waiting\)/);
  g.open('first');
  assert.is(await first, 'first');
  assert.is(await second, 'second');
});

test('a failing task frees its slot and the next one runs', async () => {
  const queue = createRenderQueue({ concurrency: 1, maxQueue: 1 });
  const failed = queue.run(() => Promise.reject(new Error('boom')));
  const next = queue.run(async () => 'next');
  assert.match((await rejection(failed)).message, /boom/);
  assert.is(await next, 'next');
});

test('a synchronous throw from a task is a rejection, not a stuck slot', async () => {
  const queue = createRenderQueue({ concurrency: 1, maxQueue: 0 });
  const thrown = await rejection(
    queue.run(() => {
      throw new Error('sync');
    }),
  );
  assert.match(thrown.message, /sync/);
  assert.is(queue.active, 0);
  assert.is(await queue.run(async () => 'ok'), 'ok');
});

test('an abort while waiting leaves the line without running the task', async () => {
  const queue = createRenderQueue({ concurrency: 1, maxQueue: 2 });
  const g = gate();
  const first = queue.run(() => g.promise);
  const controller = new AbortController();
  let ran = false;
  const waiting = queue.run(async () => {
    ran = true;
  }, controller.signal);
  controller.abort(new Error('client went away'));
  assert.match((await rejection(waiting)).message, /client went away/);
  assert.is(queue.waiting, 0);
  g.open('done');
  await first;
  await tick();
  assert.not.ok(ran);
});

test('an abort while running answers the caller at once but keeps the slot until the task ends', async () => {
  const queue = createRenderQueue({ concurrency: 1, maxQueue: 1 });
  const g = gate();
  const controller = new AbortController();
  const running = queue.run(() => g.promise, controller.signal);
  await tick();
  controller.abort(new Error('gone'));
  assert.match((await rejection(running)).message, /gone/);
  assert.is(queue.active, 1);
  g.open('late');
  await tick();
  assert.is(queue.active, 0);
});

test('close() rejects the waiting line and refuses later work', async () => {
  const queue = createRenderQueue({ concurrency: 1, maxQueue: 2 });
  const g = gate();
  const running = queue.run(() => g.promise);
  const waiting = queue.run(async () => 'never');
  queue.close('the PDF engine is closed');
  assert.match((await rejection(waiting)).message, /the PDF engine is closed/);
  assert.match((await rejection(queue.run(async () => 'later'))).message, /the PDF engine is closed/);
  g.open('finished');
  assert.is(await running, 'finished');
});

test.run();
