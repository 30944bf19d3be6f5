// A GraphQL response holding one error, `{"errors":[{"message","extensions":{"code"}}]}`
// (docs/error-codes.md#where-each-face-puts-the-code), for refusals of POST /graphql decided
// before graphql-http runs; in the media type the request accepts, else application/json.
import type { Context } from 'koa';
import { acceptedMediaType } from './accepted-media-type.ts';

export function sendGraphqlError(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = `${acceptedMediaType(ctx.get('accept')) ?? 'application/json'}; charset=utf-8`;
  ctx.body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
}
