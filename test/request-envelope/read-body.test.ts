// The one body reader of every front door (src/request-envelope/read-body.ts), on a real node
// http server fed by a raw socket, so the test decides which bytes arrive with the head: a body
// that came with it is taken at once (a Buffer, no promise) and the request still ends, and the
// connection serves the next one; a body that comes later is read as it arrives; the limit holds
// on both ways.
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type BodyLimit, readBody } from '../../src/request-envelope/read-body.ts';

const limit = (bytes: number): BodyLimit => ({ bytes, tooLarge: () => new Error(`over ${bytes} bytes`), cut: false });

interface Seen {
  readonly arrivedAtOnce: boolean;
  readonly body: string;
}

/**
 * A server answering each request with what readBody gave it, read after an `await` as the doors
 * read it (the bytes that came with the head pushed, the message's end not parsed yet), and
 * answered once the request has ended.
 */
async function bodyServer(bytes: number) {
  const seen: Seen[] = [];
  const server = http.createServer(async (request, response) => {
    await null;
    try {
      const read = readBody(request, limit(bytes));
      const arrivedAtOnce = Buffer.isBuffer(read);
      const body = (await read).toString('utf8');
      seen.push({ arrivedAtOnce, body });
      if (!request.readableEnded) await once(request, 'end');
      response.end(`read ${body.length}`);
    } catch (error) {
      seen.push({ arrivedAtOnce: false, body: `error: ${(error as Error).message}` });
      response.writeHead(413, { connection: 'close' }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { seen, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const post = (body: string) => `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

/** Sends `parts` in turn, `gapMs` apart, on one socket; resolves with everything the server wrote once it has `answers` answers. */
async function exchange(port: number, parts: readonly string[], answers: number, gapMs = 0): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let received = '';
  const done = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if ((received.match(/HTTP\/1\.1 /g) ?? []).length >= answers) resolve();
    }),
  );
  for (const part of parts) {
    socket.write(part);
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await done;
  socket.destroy();
  return received;
}

test('a body that came with its head is taken at once, and the connection serves the next request', async () => {
  const server = await bodyServer(1024);
  try {
    const first = '{"query":"{ ping }"}';
    const second = 'x'.repeat(300);
    const received = await exchange(server.port, [post(first) + first, post(second) + second], 2, 30);
    assert.equal(server.seen, [
      { arrivedAtOnce: true, body: first },
      { arrivedAtOnce: true, body: second },
    ]);
    assert.is((received.match(/HTTP\/1\.1 200 OK/g) ?? []).length, 2);
  } finally {
    await server.close();
  }
});

test('a body that arrives after its head is read as it comes', async () => {
  const server = await bodyServer(1024);
  try {
    const body = 'abcdefghij'.repeat(10);
    await exchange(server.port, [post(body), body.slice(0, 40), body.slice(40)], 1, 40);
    assert.equal(server.seen, [{ arrivedAtOnce: false, body }]);
  } finally {
    await server.close();
  }
});

test('a body over the limit is refused whether it came with its head or after it', async () => {
  const server = await bodyServer(16);
  try {
    const body = 'y'.repeat(64);
    await exchange(server.port, [post(body) + body], 1);
    await exchange(server.port, [post(body), body], 1, 40);
    assert.equal(server.seen, [
      { arrivedAtOnce: false, body: 'error: over 16 bytes' },
      { arrivedAtOnce: false, body: 'error: over 16 bytes' },
    ]);
  } finally {
    await server.close();
  }
});

test.run();
