// Refuses a body whose declared Content-Length is over the operation's limit before reading any
// of it (docs/requests.md#request-bodies, openapi.yaml#/components/responses/PayloadTooLarge):
// reading first would hold the connection for as long as the client claims to send.
import type { Context } from 'koa';
import { AppError } from '../errors/app-error.ts';

/** The JSON body limit of every REST operation and of POST /graphql: 1 MiB. */
export const jsonBodyLimitBytes = 1024 * 1024;

/** Throws 413 when the declared length is over `limitBytes`; the connection then closes. */
export function refuseOversizedBody(ctx: Context, limitBytes: number): void {
  const declared = ctx.request.length;
  if (declared === undefined || declared <= limitBytes) return;
  closeAfterAnswer(ctx);
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `Too large: the request body may be at most ${limitBytes} bytes, Content-Length says ${declared}`,
  );
}

/**
 * How long a refused body may still be received (and discarded) after the answer: long enough
 * for an honest client on a slow or busy link to finish sending what it declared, short
 * enough that a client claiming gigabytes cannot hold the connection.
 */
export const lingerMs = 30_000;

/**
 * The body was not read: without `Connection: close`, Node would keep reading (and discarding)
 * it after the answer to reuse the connection, for as long as the client keeps sending.
 *
 * Closing at once is not right either: a client still sending would get a reset, and a reset
 * makes its operating system drop the answer unread ("fetch failed" instead of 413). So the
 * close lingers (RFC 9112 §9.6): after the answer, what the client still sends is read and
 * discarded, and the connection closes once the body has arrived or after `lingerMs`,
 * whichever comes first.
 */
export function closeAfterAnswer(ctx: Context): void {
  ctx.set('Connection', 'close');
  const { req } = ctx;
  const socket = req.socket;
  // Node ends a `Connection: close` exchange with destroySoon() as soon as the answer is
  // written (having set the unread body to be discarded); this one socket waits for the body.
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (req.complete) return destroySoon();
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    req.once('end', () => {
      clearTimeout(timer);
      destroySoon();
    });
    req.resume();
  };
}
