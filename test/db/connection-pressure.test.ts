// The readiness signal of a node short of database connections (src/db/connection-pressure.ts,
// docs/database.md#connection-budget): short after `threshold` refused or slow checkouts within
// the window, well again only after a whole window without one — not once per request.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createConnectionPressure } from '../../src/db/connection-pressure.ts';

function pressureAt() {
  let clock = 0;
  const events: string[] = [];
  const pressure = createConnectionPressure({
    slowAfterMs: 1_000,
    windowMs: 10_000,
    threshold: 3,
    now: () => clock,
    onEvent: (kind) => events.push(kind),
  });
  return { pressure, events, advance: (ms: number) => (clock += ms) };
}

test('fast checkouts and fewer refusals than the threshold leave the node ready', () => {
  const { pressure, events } = pressureAt();
  pressure.waited(999);
  pressure.refused('53300');
  pressure.refused('53300');
  assert.is(pressure.shortage(), null);
  assert.equal(events, ['refused', 'refused']);
});

test('three refused or slow checkouts within the window make it short, saying why', () => {
  const { pressure, advance } = pressureAt();
  pressure.refused('53300');
  advance(4_000);
  pressure.waited(1_500);
  advance(4_000);
  pressure.refused('53300');
  assert.is(
    pressure.shortage(),
    'short of database connections: in the last 10 s, 2 refused (53300); 1 waited over 1000 ms for a pool connection',
  );
});

test('events spread wider than the window never add up', () => {
  const { pressure, advance } = pressureAt();
  for (let round = 0; round < 10; round += 1) {
    pressure.refused('53300');
    advance(5_001);
    assert.is(pressure.shortage(), null);
  }
});

test('once short, it stays short while refusals go on and turns ready a whole window after the last', () => {
  const { pressure, advance } = pressureAt();
  for (let index = 0; index < 3; index += 1) pressure.refused('53300');
  assert.ok(pressure.shortage());
  for (let second = 0; second < 30; second += 1) {
    advance(1_000);
    if (second % 9 === 0) pressure.refused('53300');
    assert.ok(pressure.shortage(), `short at ${second} s: one refusal within the window keeps it short`);
  }
  advance(10_001);
  assert.is(pressure.shortage(), null);
});

test.run();
