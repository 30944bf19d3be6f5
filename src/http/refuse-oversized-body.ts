// Refuses a body whose declared Content-Length is over the operation's limit before reading any
// of it (docs/architecture.md#requests, openapi.yaml#/components/responses/PayloadTooLarge):
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
 * The body was not read: without `Connection: close`, Node would keep reading (and discarding)
 * it after the answer to reuse the connection, for as long as the client keeps sending.
 */
export function closeAfterAnswer(ctx: Context): void {
  ctx.set('Connection', 'close');
}
