// Whether the tests that need a real Redis run (docs/testing.md#tests-that-need-a-real-redis). The README's test
// command needs only Node and npm, so on a machine without Redis they are reported as not run.
// Where TEST_REDIS_URL is set (`.ci/run` sets it, after starting the machine's Redis), Redis is
// required: those tests run, and fail when it does not answer, rather than skip.
import net from 'node:net';
import { test } from 'uvu';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `test`, or `test.skip` with the reason printed once, for the tests of one file that need Redis. */
export async function redisTest(what: string): Promise<typeof test.skip> {
  if (process.env.TEST_REDIS_URL || (await answers(testRedisUrl))) return test;
  console.log(
    `not run: ${what}: no Redis at ${testRedisUrl} (set TEST_REDIS_URL to require one; docs/testing.md#tests-that-need-a-real-redis)`,
  );
  return test.skip;
}

/** A TCP connection to the Redis address opens (loopback refuses at once when nothing listens). */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
