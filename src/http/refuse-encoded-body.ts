// Refuses a request body sent with a Content-Encoding (gzip, br, deflate, ...) before it is read
// (openapi.yaml#/components/responses/UnsupportedMediaType); the rule is shared with the data
// layer (src/request-headers/content-encoding.ts).
import type { Context } from 'koa';
import { AppError } from '../errors/app-error.ts';
import { encodedBodyRefusal } from '../request-headers/content-encoding.ts';

/** Throws 415 unless the body's Content-Encoding is absent or `identity`. */
export function refuseEncodedBody(ctx: Context): void {
  const refusal = encodedBodyRefusal(ctx.get('content-encoding'));
  if (refusal) throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusal);
}
