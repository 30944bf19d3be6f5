// The composition root's shutdown (docs/service.md#shutdown): every drain step starts at
// once and all of them end before the first close step; the deadline aborts what is left of the
// drain; close steps run last started first, an area's closers keep their own order, a failing
// step does not stop the rest, and each step runs once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createShutdownSteps } from '../../src/service/shutdown-steps.ts';

const noDeadline = { drainTimeoutMs: 60_000 };

test('steps run last registered first; steps added together keep their order', async () => {
  const ran: string[] = [];
  const step = (name: string) => async () => void ran.push(name);
  const shutdown = createShutdownSteps(noDeadline);
  shutdown.add(step('pool'), step('database'));
  shutdown.add(step('server'));
  const area = shutdown.track({ handlers: 'kept', closers: [step('sweeper'), step('limits')] });
  shutdown.track({});
  await shutdown.close();
  assert.equal(ran, ['sweeper', 'limits', 'server', 'pool', 'database']);
  assert.is(area.handlers, 'kept');
});

test('a failing step does not keep the others from running, and each runs once', async () => {
  const ran: string[] = [];
  const shutdown = createShutdownSteps(noDeadline);
  shutdown.add(async () => void ran.push('last'));
  shutdown.add(async () => {
    throw new Error('browser already gone');
  });
  shutdown.add(async () => void ran.push('first'));
  await shutdown.close();
  await shutdown.close();
  assert.equal(ran, ['first', 'last']);
});

test('every drain step starts at once, and the close steps wait until all of them have ended', async () => {
  const ran: string[] = [];
  const shutdown = createShutdownSteps(noDeadline);
  const finish: Record<string, () => void> = {};
  const drainer = (name: string) => async (deadline: AbortSignal) => {
    ran.push(`start ${name}`);
    await new Promise<void>((resolve) => (finish[name] = resolve));
    ran.push(`end ${name}${deadline.aborted ? ' (deadline)' : ''}`);
  };
  shutdown.add(async () => void ran.push('close engine'));
  shutdown.drain(drainer('main server'));
  shutdown.track({ drainers: [drainer('subscriptions')], closers: [async () => void ran.push('close area')] });
  assert.not.ok(shutdown.stopping);
  const closing = shutdown.close();
  assert.ok(shutdown.stopping);
  assert.equal(ran, ['start main server', 'start subscriptions']);
  finish['subscriptions']?.();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(ran, ['start main server', 'start subscriptions', 'end subscriptions']);
  finish['main server']?.();
  await closing;
  assert.equal(ran, [
    'start main server',
    'start subscriptions',
    'end subscriptions',
    'end main server',
    'close area',
    'close engine',
  ]);
});

test('the drain deadline aborts the drain steps still waiting; the close steps run after them', async () => {
  const ran: string[] = [];
  const shutdown = createShutdownSteps({ drainTimeoutMs: 0 });
  shutdown.drain(async (deadline) => {
    await new Promise((resolve) => deadline.addEventListener('abort', resolve, { once: true }));
    ran.push('cut at the deadline');
  });
  shutdown.add(async () => void ran.push('close engine'));
  await shutdown.close();
  assert.equal(ran, ['cut at the deadline', 'close engine']);
});

test.run();
