// A small JSON HTTP server on the loopback interface, for serving a provider simulator in the
// provider's own REST shape (docs/providers.md#simulators): tests run the real HTTP client against
// it, and a developer can point COIN_PRICES_URL or AML_URL at one. Plain node:http; answers are
// written with JSON.stringify, so numbers made by rawJsonNumber keep every digit.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJsonKeepingNumbers } from './json-number.ts';

export interface JsonServerRequest {
  method: string;
  /** The path without the query, percent-decoding left to the handler. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The body parsed with numbers kept as written; undefined when empty or not JSON. */
  json: unknown;
  /** Whether a body was sent that is not JSON. */
  malformedBody: boolean;
}

export interface JsonServerReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type JsonHandler = (request: JsonServerRequest) => JsonServerReply | Promise<JsonServerReply>;

export interface JsonServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

const maxRequestBytes = 64 * 1024;

export async function serveJson(
  handle: JsonHandler,
  options: { host?: string; port?: number } = {},
): Promise<JsonServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxRequestBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > maxRequestBytes) {
        send(res, { status: 413, body: { error: 'payload_too_large', message: 'request body too large' } });
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const json = text === '' ? undefined : parseJsonKeepingNumbers(text);
      const url = new URL(req.url ?? '/', 'http://loopback');
      const request: JsonServerRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        json,
        malformedBody: text !== '' && json === undefined,
      };
      Promise.resolve()
        .then(() => handle(request))
        .then(
          (reply) => send(res, reply),
          (error: unknown) =>
            send(res, { status: 500, body: { error: 'internal', message: (error as Error)?.message ?? 'error' } }),
        );
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: http.ServerResponse, reply: JsonServerReply): void {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...reply.headers,
  });
  res.end(body);
}
