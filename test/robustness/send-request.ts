// Puts a fuzzed request on the wire with node:http, byte for byte as generated: the request
// target is not normalized (fetch would resolve `..` and re-encode), header names may repeat, and
// the framing may be chunked or a Content-Length whose body never comes. Placeholders are filled
// with real credentials first.
import http from 'node:http';
import type { FuzzRequest } from './fuzz-request.ts';

export interface FuzzResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds from sending to the last byte of the answer. */
  elapsedMs: number;
}

export interface Endpoint {
  host: string;
  port: number;
}

/** An answer not complete within this many milliseconds is reported as a hang. */
export const responseTimeoutMs = 60_000;

/** Bodies are kept up to this size for the checks; larger answers (PDFs) are truncated. */
const keptBodyBytes = 4 * 1024 * 1024;

const declaredOversizeLength = String(10 * 1024 ** 3);

/** Failed on a kept-alive connection the server had just closed: the request never reached it. */
export class StaleConnection extends Error {}

/** `agent` null: a connection of its own. */
export function sendRequest(
  endpoint: Endpoint,
  request: FuzzRequest,
  fill: (text: string) => Promise<string>,
  agent: http.Agent | null,
): Promise<FuzzResponse> {
  return filled(request, fill).then(
    ({ path, headers, body }) =>
      new Promise<FuzzResponse>((resolve, reject) => {
        const started = performance.now();
        // Headers given as a list are sent as they are: Host too must be in it.
        const list: [string, string][] = [['host', `${endpoint.host}:${endpoint.port}`], ...headers];
        const raw = list.flatMap(([name, value]) => [name, value]);
        const outgoing = http.request({
          host: endpoint.host,
          port: endpoint.port,
          method: request.method,
          path,
          headers: [...raw, ...framingHeaders(request, body)],
          // A request whose body never comes, or that breaks HTTP, gets a connection of its own.
          agent: request.framing === 'declared-oversize' || request.malformedHttp || !agent ? false : agent,
          insecureHTTPParser: true,
        });
        // A deadline for the whole exchange, not for idle sockets: an answer that trickles counts too.
        const deadline = setTimeout(
          () => outgoing.destroy(new Error(`no complete answer within ${responseTimeoutMs / 1000} s`)),
          responseTimeoutMs,
        );
        let answered = false;
        const fail = (error: Error) => {
          clearTimeout(deadline);
          reject(error);
        };
        outgoing.on('error', (error: NodeJS.ErrnoException) =>
          fail(
            outgoing.reusedSocket && !answered && error.code === 'ECONNRESET'
              ? new StaleConnection(`stale kept-alive connection: ${error.message}`)
              : error,
          ),
        );
        // A request can end without an answer and without an error (a CONNECT the server drops).
        outgoing.on('close', () => {
          if (!answered) fail(new Error('the connection closed without an answer'));
        });
        outgoing.on('response', (response) => {
          answered = true;
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < keptBodyBytes) chunks.push(chunk);
            kept += chunk.length;
          });
          response.on('error', fail);
          // Closed before the end: the answer was cut off (by the deadline, or by the server).
          response.on('close', () => {
            if (!response.complete) fail(new Error('the connection closed before the answer was complete'));
          });
          response.on('end', () => {
            clearTimeout(deadline);
            // The unsent body of a declared length is never coming: drop the connection.
            if (request.framing === 'declared-oversize') outgoing.destroy();
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              elapsedMs: performance.now() - started,
            });
          });
        });
        writeBody(outgoing, request, body);
      }),
  );
}

async function filled(
  request: FuzzRequest,
  fill: (text: string) => Promise<string>,
): Promise<{ path: string; headers: [string, string][]; body: Buffer | undefined }> {
  const headers: [string, string][] = [];
  for (const [name, value] of request.headers) headers.push([name, await fill(value)]);
  const body =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? Buffer.from(await fill(request.body), 'utf8')
        : request.body;
  return { path: onTheWire(await fill(request.path)), headers, body };
}

/**
 * Node's client sends a request target of bytes 0x21-0xff only (Latin-1, so not always UTF-8);
 * anything else is percent-encoded here, a lone surrogate as the bytes UTF-8 would give it.
 */
function onTheWire(path: string): string {
  return path.replace(/[^\u0021-\u00ff]/gu, (character) =>
    /[\ud800-\udfff]/.test(character) ? '%ED%A0%80' : encodeURIComponent(character),
  );
}

function framingHeaders(request: FuzzRequest, body: Buffer | undefined): string[] {
  if (request.framing === 'declared-oversize') return ['content-length', declaredOversizeLength];
  if (body === undefined) return [];
  if (request.framing === 'chunked') return ['transfer-encoding', 'chunked'];
  return ['content-length', String(body.length)];
}

function writeBody(outgoing: http.ClientRequest, request: FuzzRequest, body: Buffer | undefined): void {
  if (body === undefined || request.framing === 'declared-oversize') {
    // Headers only: a declared length is left unsent, and the server must refuse it at once.
    outgoing.flushHeaders();
    if (request.framing !== 'declared-oversize') outgoing.end();
    return;
  }
  if (request.framing === 'chunked') {
    const third = Math.ceil(body.length / 3);
    for (let offset = 0; offset < body.length; offset += Math.max(third, 1))
      outgoing.write(body.subarray(offset, offset + third));
    outgoing.end();
    return;
  }
  outgoing.end(body);
}
