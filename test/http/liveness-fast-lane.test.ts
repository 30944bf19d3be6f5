// GET and HEAD /healthz answered in front of Koa answer as the Koa route does
// (docs/requests.md#the-liveness-fast-lane): each request goes to `/healthz` (the lane) and to
// `/healthz?via=koa` (a query string sends it to Koa, whose route ignores it), and the two must be
// equal: status, every header in its order and spelling (Date and a generated id aside), body,
// the access log line and the request metrics.
import http from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestService, startTestService } from '../support/test-service.ts';

const logLines: Record<string, unknown>[] = [];
let service: TestService;

test.before(async () => {
  try {
    service = await startTestService({}, { logLines });
  } catch (error) {
    console.error(error);
    throw error;
  }
});

test.after(async () => {
  await service.stop();
});

interface RawAnswer {
  status: number;
  /** Name and value pairs as written, Date and a generated request id replaced. */
  headers: string[];
  body: string;
  requestId: string;
}

/** One request over a fresh connection, its head read as raw lines. */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${service.url}${path}`, { method, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const requestId = response.headers['x-request-id'] as string;
        const pairs = raw.flatMap((value, index) => {
          if (index % 2 === 1) return [];
          const name = value;
          const text = raw[index + 1]!;
          if (name === 'Date') return [`${name}: <date>`];
          if (name === 'X-Request-Id' && text !== headers['x-request-id']) return [`${name}: <generated>`];
          return [`${name}: ${text}`];
        });
        resolve({ status: response.statusCode!, headers: pairs, body, requestId });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** The access log line of the request with this id, without what differs by nature. */
function accessLine(requestId: string) {
  const line = logLines.find((entry) => entry.msg === 'request' && entry.requestId === requestId);
  assert.ok(line, `no access log line for ${requestId}`);
  return Object.fromEntries(
    Object.entries(line).filter(([key]) => !['time', 'ms', 'requestId', 'pid', 'hostname'].includes(key)),
  );
}

async function healthzCount(method: string): Promise<number> {
  const text = (await service.request('GET', '/metrics')).text;
  const line = new RegExp(
    `^http_requests_total\\{server="api",method="${method}",route="/healthz",status_class="2xx"\\} (\\d+)$`,
    'm',
  );
  return Number(line.exec(text)?.[1] ?? 0);
}

for (const method of ['GET', 'HEAD'])
  for (const [name, headers] of [
    ['a generated request id', {}],
    ['a caller request id', { 'x-request-id': `lane-probe-${method}` }],
    ['an unusable request id', { 'x-request-id': 'short' }],
  ] as const)
    test(`${method} /healthz with ${name}: the lane answers as Koa does`, async () => {
      const lane = await send(method, '/healthz', headers);
      const koa = await send(method, '/healthz?via=koa', headers);
      assert.equal({ ...lane, requestId: '' }, { ...koa, requestId: '' });
      assert.is(lane.status, 200);
      assert.is(lane.body, method === 'HEAD' ? '' : 'ok');
      assert.equal(accessLine(lane.requestId), accessLine(koa.requestId));
      assert.is(accessLine(lane.requestId).route, '/healthz');
    });

test('the lane counts in the request metrics as Koa does', async () => {
  for (const method of ['GET', 'HEAD']) {
    const before = await healthzCount(method);
    await send(method, '/healthz');
    assert.is(await healthzCount(method), before + 1, `${method} through the lane`);
    await send(method, '/healthz?via=koa');
    assert.is(await healthzCount(method), before + 2, `${method} through Koa`);
  }
});

test('other methods and paths go on to Koa', async () => {
  assert.is((await send('POST', '/healthz')).status, 405);
  assert.is((await send('GET', '/healthz/')).status, (await send('GET', '/healthz/?via=koa')).status);
});

test.run();
