// What the provider HTTP-client tests share: a JSON server that records what it received, a raw
// server that answers bytes serveJson would not send (or never answers), the AppError a call
// rejects with, and a logger whose lines can be read back (to prove a secret never reaches them).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import * as assert from 'uvu/assert';
import { AppError } from '../../src/errors/app-error.ts';
import { createLogger } from '../../src/observability/logger.ts';
import { type JsonServerReply, type JsonServerRequest, serveJson } from '../../src/providers/http-json/serve-json.ts';

export async function withServer(
  reply: (request: JsonServerRequest) => JsonServerReply,
  run: (url: string, received: JsonServerRequest[]) => Promise<void>,
): Promise<void> {
  const received: JsonServerRequest[] = [];
  const server = await serveJson((request) => {
    received.push(request);
    return reply(request);
  });
  try {
    await run(server.url, received);
  } finally {
    await server.close();
  }
}

/** A server answering raw bytes, or never (reply `undefined`): what serveJson would not send. */
export async function withRawServer(
  reply: ((response: http.ServerResponse) => void) | undefined,
  run: (url: string) => Promise<void>,
): Promise<void> {
  const server = http.createServer((_request, response) => reply?.(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, AppError);
    return error as AppError;
  }
  throw new Error('expected the promise to reject');
}

export function capturingLogger(): { logger: Logger; text(): string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('debug', sink), text: () => lines.join('') };
}
