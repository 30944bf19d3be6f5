// While the service drains (docs/service.md#shutdown), a request already begun on an open
// connection is still answered, with `Connection: close`, and /readyz says 503 with a
// `shutdown` check so load balancers stop sending; /healthz stays ok.
import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { assertMatchesContract } from '../support/openapi-contract.ts';
import { startTestService, testAdminApiKey } from '../support/test-service.ts';

/** Opens a connection and sends the request line and headers except the final blank line. */
async function begunRequest(url: string, pathname: string, headers = '') {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) });
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const ended = new Promise((resolve) => socket.once('close', resolve));
  await new Promise((resolve) => socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\n${headers}`, resolve));
  // The service runs in this process, and loopback bytes are in its socket once written: the
  // event loop's next poll phase, which comes before any timer fires, reads them, so the request
  // has begun however slow the machine.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    async finish() {
      socket.write('\r\n');
      await ended;
      const [head = '', body = ''] = received.split('\r\n\r\n');
      return { head, body };
    },
  };
}

test('a begun /readyz is answered 503 with the shutdown check and Connection: close', async () => {
  const service = await startTestService();
  // The admin key: the checks' messages are an administrator's detail (openapi.yaml /readyz).
  const readyz = await begunRequest(service.url, '/readyz', `X-API-Key: ${testAdminApiKey}\r\n`);
  const healthz = await begunRequest(service.url, '/healthz');
  const closing = service.stop();
  const ready = await readyz.finish();
  assert.match(ready.head, /^HTTP\/1\.1 503 /);
  assert.match(ready.head, /\r\nConnection: close(\r\n|$)/i);
  const body = JSON.parse(ready.body);
  assert.is(body.status, 'unavailable');
  assert.equal(body.checks.shutdown, { status: 'unavailable', message: 'shutting down' });
  assertMatchesContract('GET', '/readyz', 503, 'application/json', ready.body);
  const healthy = await healthz.finish();
  assert.match(healthy.head, /^HTTP\/1\.1 200 /);
  assert.match(healthy.head, /\r\nConnection: close(\r\n|$)/i);
  assert.is(healthy.body, 'ok');
  await closing;
});

test.run();
