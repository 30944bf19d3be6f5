// The composition root's shutdown (docs/architecture.md#composition): last started, first
// stopped; an area's closers keep their own order; a failing step does not stop the rest;
// each step runs once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createShutdownSteps } from '../../src/service/shutdown-steps.ts';

test('steps run last registered first; steps added together keep their order', async () => {
  const ran: string[] = [];
  const step = (name: string) => async () => void ran.push(name);
  const shutdown = createShutdownSteps();
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
  const shutdown = createShutdownSteps();
  shutdown.add(async () => void ran.push('last'));
  shutdown.add(async () => {
    throw new Error('browser already gone');
  });
  shutdown.add(async () => void ran.push('first'));
  await shutdown.close();
  await shutdown.close();
  assert.equal(ran, ['first', 'last']);
});

test.run();
