// The body limit of every front door (docs/requests.md#request-bodies,
// openapi.yaml#/components/responses/PayloadTooLarge): a body whose declared Content-Length is
// over the limit is refused before any of it is read, since reading first would hold the
// connection for as long as the client claims to send; a body that turns out longer while it is
// read is refused by read-body.ts. Each door words the refusal in its own error shape.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The JSON body limit of every REST operation, of POST /graphql and of POST /v1/graphql: 1 MiB. */
export const jsonBodyLimitBytes = 1024 * 1024;

/** The declared Content-Length when it is over `limitBytes` (the body is then refused unread), else undefined. */
export function declaredOverLimit(request: IncomingMessage, limitBytes: number): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined || header === '') return undefined;
  const declared = Number(header);
  return declared > limitBytes ? declared : undefined;
}

/**
 * How long a refused body may still be received (and discarded) after the answer: long enough
 * for an honest client on a slow or busy link to finish sending what it declared, short
 * enough that a client claiming gigabytes cannot hold the connection.
 */
export const lingerMs = 30_000;

/**
 * The answer closes the connection (`Connection: close`), as its request's body was not read:
 * without it, Node would keep reading (and discarding) the body after the answer to reuse the
 * connection, for as long as the client keeps sending.
 *
 * Closing at once is not right either: a client still sending would get a reset, and a reset
 * makes its operating system drop the answer unread ("fetch failed" instead of 413). So the
 * close lingers (RFC 9112 §9.6): after the answer, what the client still sends is read and
 * discarded, and the connection closes once the body has arrived or after `lingerMs`,
 * whichever comes first.
 */
export function closeAfterAnswer(response: ServerResponse): void {
  response.setHeader('Connection', 'close');
  const request = response.req;
  const socket = request.socket;
  // Node ends a `Connection: close` exchange with destroySoon() as soon as the answer is
  // written (having set the unread body to be discarded); this one socket waits for the body.
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (request.complete) return destroySoon();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    request.once('end', () => {
      clearTimeout(timer);
      destroySoon();
    });
    request.resume();
  };
}
