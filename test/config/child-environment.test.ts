// withChildEnvironment (src/config/child-environment.ts): variables in process.env only while a
// spawn runs, overlapping spawns sharing them, an operator's own value never replaced.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withChildEnvironment } from '../../src/config/child-environment.ts';

const name = 'CHILD_ENVIRONMENT_TEST_VARIABLE';
const variables = { [name]: 'set-for-the-child' };

test.before.each(() => {
  delete process.env[name];
});

test('set while spawns run, overlapping ones included, and removed when the last ends', async () => {
  let releaseFirst!: () => void;
  const seen: (string | undefined)[] = [];
  const first = withChildEnvironment(variables, async () => {
    seen.push(process.env[name]);
    await new Promise<void>((resolve) => (releaseFirst = resolve));
    seen.push(process.env[name]);
  });
  await withChildEnvironment(variables, async () => seen.push(process.env[name]));
  seen.push(process.env[name]);
  releaseFirst();
  await first;
  assert.equal(seen, ['set-for-the-child', 'set-for-the-child', 'set-for-the-child', 'set-for-the-child']);
  assert.is(process.env[name], undefined);
});

test('removed after a spawn that fails, too, and the failure passed on', async () => {
  const failure = await withChildEnvironment(variables, async () => {
    throw new Error('the server did not start');
  }).catch((error: unknown) => error);
  assert.equal([(failure as Error).message, process.env[name]], ['the server did not start', undefined]);
});

test('an operator’s own value is kept, during the spawn and after it', async () => {
  process.env[name] = 'the-operators';
  try {
    let during: string | undefined;
    await withChildEnvironment(variables, async () => void (during = process.env[name]));
    assert.equal([during, process.env[name]], ['the-operators', 'the-operators']);
  } finally {
    delete process.env[name];
  }
});

test('the spawn’s answer is passed on', async () => {
  assert.is(await withChildEnvironment(variables, async () => 42), 42);
});

test.run();
