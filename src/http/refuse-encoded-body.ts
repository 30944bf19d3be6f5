// Refuses a request body sent with a Content-Encoding (gzip, br, deflate, ...) before it is read
// (docs/architecture.md#requests, openapi.yaml#/components/responses/UnsupportedMediaType): the
// service accepts bodies uncompressed only, so a compressed body can never inflate past a body
// limit or reach a parser as bytes it cannot read.
import type { Context } from 'koa';
import { AppError } from '../errors/app-error.ts';

/** Throws 415 unless the body's Content-Encoding is absent or `identity`. */
export function refuseEncodedBody(ctx: Context): void {
  const encodings = ctx
    .get('content-encoding')
    .split(',')
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding !== '' && encoding !== 'identity');
  if (encodings.length === 0) return;
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Unsupported Content-Encoding ${encodings.join(', ').slice(0, 64)}: send the request body uncompressed (no Content-Encoding, or identity)`,
  );
}
