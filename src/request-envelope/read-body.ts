// The one reader of request bodies (docs/requests.md#request-bodies): the REST routes' JSON bodies
// (src/http/read-json-body.ts), POST /graphql on both its ways (src/graphql/graphql-request-body.ts),
// the KYC webhook's raw bytes and POST /v1/graphql (src/data-layer/read-graphql-body.ts). It reads
// with 'data' events: a stream's async iterator costs an iterator and a promise per chunk on every
// request of these hot paths (docs/benchmarks-log.md#named-prepared-statements-and-a-leaner-shape-2026-11-26).
// What the bytes mean (JSON, its text checks) stays with each door.
import type { Readable } from 'node:stream';

/** A door's limit on a body as it is read; one constant per door, so a request allocates none. */
export interface BodyLimit {
  readonly bytes: number;
  /** The error (413 in the door's words) of a body that turns out longer than `bytes`. */
  readonly tooLarge: () => Error;
  /**
   * Past the limit, whether the request is destroyed (its connection cut, as an async iteration
   * left early does), or only left unread, paused, so the door's 413 can still be answered.
   */
  readonly cut: boolean;
}

/** A request's body stream: node:http's IncomingMessage, whose head declares its length. */
type BodyStream = Readable & { readonly headers?: { readonly 'content-length'?: string | undefined } };

/**
 * The body's bytes; past `limit.bytes`, whatever Content-Length said, `limit.tooLarge()` is thrown.
 * An error of the stream (a client gone before its body arrived) is thrown as it is. A body that
 * has all arrived and waits in the stream is returned as it is, without a promise (`await` takes both).
 */
export function readBody(stream: BodyStream, limit: BodyLimit): Buffer | Promise<Buffer> {
  return arrivedBody(stream, limit) ?? streamedBody(stream, limit);
}

/**
 * The whole body when all the bytes its Content-Length declares wait unread in the stream, as a
 * small request's do when they came in the packets of its head: one `read()` takes them, without
 * the listeners, closures and promise of reading them as they come. The stream is left flowing,
 * so it still ends. Undefined otherwise (no declared length, chunked, not all here, over the limit).
 */
function arrivedBody(stream: BodyStream, limit: BodyLimit): Buffer | undefined {
  const waiting = stream.readableLength;
  if (waiting === 0 || waiting > limit.bytes || stream.readableFlowing === true || stream.readableEncoding !== null)
    return undefined;
  if (Number(stream.headers?.['content-length']) !== waiting) return undefined;
  const chunk: unknown = stream.read();
  if (!Buffer.isBuffer(chunk)) return undefined;
  stream.resume();
  return chunk;
}

function streamedBody(stream: Readable, limit: BodyLimit): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size <= limit.bytes) return void chunks.push(buffer);
      detach(stream, onData, onEnd, onError);
      if (limit.cut) stream.destroy();
      else stream.pause();
      reject(limit.tooLarge());
    };
    const onEnd = () => {
      detach(stream, onData, onEnd, onError);
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      detach(stream, onData, onEnd, onError);
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

function detach(
  stream: Readable,
  onData: (chunk: Buffer | string) => void,
  onEnd: () => void,
  onError: (error: Error) => void,
): void {
  stream.off('data', onData);
  stream.off('end', onEnd);
  stream.off('error', onError);
}
