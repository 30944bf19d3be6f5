// A request whose body stops arriving is answered 408 REQUEST_TIMEOUT at REQUEST_TIMEOUT_MS, with
// `Connection: close`, on every way in (docs/error-codes.md, docs/database.md#database-faults):
// a REST route with a JSON body, POST /graphql through the fast lane and through Koa, and the data
// layer's /v1/graphql. A request whose body had arrived and whose answer is slow (the database
// stalled) stays 503. Each stalled request sends its headers and part of its body, then nothing:
// it certainly outlasts the deadline, however fast or slow the machine.
import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startProxiedTestService, testAdminApiKey } from '../support/test-service.ts';

const { service, proxy } = await startProxiedTestService({
  REQUEST_TIMEOUT_MS: '1000',
  DB_STATEMENT_TIMEOUT_MS: '0',
  DB_CONNECT_TIMEOUT_MS: '0',
});
const dataAdminSecret = 'test-data-admin-secret-0123456789';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
  /** Whether the service closed the connection after its answer. */
  closed: boolean;
}

/**
 * Sends the request's headers and `sent` of its body over a socket of its own, then nothing more
 * (`stall`), or the whole body; answers what the service wrote once it closed the connection or,
 * for a kept-alive connection, once the declared answer length arrived.
 */
async function rawRequest(
  base: string,
  request: { path: string; headers: Record<string, string>; body: string; stall: boolean },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const socket = net.connect({ host: hostname, port: Number(port) });
  const sent = request.stall ? request.body.slice(0, Math.floor(request.body.length / 2)) : request.body;
  const head = Object.entries({
    host: `${hostname}:${port}`,
    ...request.headers,
    'content-length': String(Buffer.byteLength(request.body)),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${request.path} HTTP/1.1\r\n${head}\r\n${sent}`);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const answer = (closed: boolean): RawAnswer | null => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return null;
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const body = text.slice(split + 4);
      if (!closed && Buffer.byteLength(body) < Number(headers['content-length'])) return null;
      return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body), closed };
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A kept-alive connection is not closed: the answer is complete at its declared length.
      const complete = answer(false);
      if (complete && complete.headers.connection !== 'close') {
        socket.destroy();
        resolve(complete);
      }
    });
    socket.on('close', () => {
      const complete = answer(true);
      if (complete) resolve(complete);
      else reject(new Error(`the connection closed without an answer: ${Buffer.concat(chunks).toString('utf8')}`));
    });
    socket.on('error', reject);
  });
}

const json = { 'content-type': 'application/json' };
const graphqlHeaders = { ...json, accept: 'application/graphql-response+json', 'x-api-key': testAdminApiKey };
const ping = JSON.stringify({ query: '{ ping }' });
const graphqlTimeout = {
  errors: [{ message: 'the request body did not arrive within 1000 ms', extensions: { code: 'REQUEST_TIMEOUT' } }],
};

test.after(async () => {
  await service.stop();
  await proxy.close();
});

test('a REST route whose JSON body stops arriving is 408 REQUEST_TIMEOUT with the REST error body, and the connection closes', async () => {
  const answer = await rawRequest(service.url, {
    path: '/auth/token-exchange',
    headers: { ...json, 'x-request-id': 'stalled-rest-1' },
    body: JSON.stringify({
      grantType: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subjectToken: 'x'.repeat(200),
    }),
    stall: true,
  });
  assert.equal(
    [answer.status, answer.headers.connection, answer.headers['x-request-id'], answer.closed],
    [408, 'close', 'stalled-rest-1', true],
  );
  assert.equal(answer.body, {
    success: false,
    message: 'the request body did not arrive within 1000 ms',
    code: 'REQUEST_TIMEOUT',
    requestId: 'stalled-rest-1',
  });
});

for (const [way, path] of [
  ['the fast lane', '/graphql'],
  ['Koa', '/graphql?via=koa'],
]) {
  test(`POST /graphql through ${way} whose body stops arriving is 408 as a GraphQL response, and the connection closes`, async () => {
    const answer = await rawRequest(service.url, {
      path: path!,
      headers: graphqlHeaders,
      body: JSON.stringify({ query: `{ ping ${' '.repeat(200)}}` }),
      stall: true,
    });
    assert.equal(
      [answer.status, answer.headers.connection, answer.headers['content-type'], answer.closed],
      [408, 'close', 'application/graphql-response+json; charset=utf-8', true],
    );
    assert.equal(answer.body, graphqlTimeout);
  });
}

test('/v1/graphql whose body stops arriving is 408 in the data layer’s error shape, and the connection closes', async () => {
  const answer = await rawRequest(service.dataUrl, {
    path: '/v1/graphql',
    headers: { ...json, 'x-data-admin-secret': dataAdminSecret },
    body: JSON.stringify({ query: `{ coin { symbol } ${' '.repeat(200)}}` }),
    stall: true,
  });
  assert.equal([answer.status, answer.headers.connection, answer.closed], [408, 'close', true]);
  assert.equal(answer.body, {
    errors: [
      {
        message: 'the request body did not arrive within 1000 ms',
        extensions: { code: 'REQUEST_TIMEOUT', path: '$' },
      },
    ],
  });
});

test('a complete body whose answer is slow (the database stalled) is still 503 with Retry-After, and the connection stays open', async () => {
  proxy.stall();
  try {
    // An unknown key is looked up in the database, which now never answers: REQUEST_TIMEOUT_MS decides.
    const unknownKey = { ...graphqlHeaders, 'x-api-key': 'wk_stalled_0123456789abcdefghijklmn' };
    for (const path of ['/graphql', '/graphql?via=koa']) {
      const answer = await rawRequest(service.url, { path, headers: unknownKey, body: ping, stall: false });
      assert.equal(
        [
          answer.status,
          answer.headers['retry-after'],
          answer.headers.connection,
          answer.body.errors[0].extensions.code,
        ],
        [503, '5', 'keep-alive', 'SERVICE_UNAVAILABLE'],
        path,
      );
    }
    const data = await rawRequest(service.dataUrl, {
      path: '/v1/graphql',
      headers: { ...json, 'x-data-admin-secret': dataAdminSecret },
      body: JSON.stringify({ query: '{ coin { symbol } }' }),
      stall: false,
    });
    assert.equal(
      [data.status, data.headers['retry-after'], data.headers.connection, data.body.errors[0].extensions.code],
      [503, '5', 'keep-alive', 'SERVICE_UNAVAILABLE'],
    );
  } finally {
    await proxy.heal();
  }
});

test.run();
