// Reads the JSON body of an operation for the router (docs/requests.md#request-bodies). An
// optional body (`requestBody.required: false`, e.g. openapi.yaml#/paths/~1auth~1wallet-jwt)
// may be left out: no body at all, or an empty one sent as application/json, is "no body".
// A body that is there must be JSON: another content type is 415, text that is not JSON 400;
// a required body that is missing is 400.
import { json as parseJsonText } from 'co-body';
import type { Context } from 'koa';
import { AppError } from '../errors/app-error.ts';
import { jsonBodyLimitBytes } from './refuse-oversized-body.ts';

// co-body directly (the parser koa-body wraps, without koa-body's option schemas loaded at start).
// The raw text is kept so an empty body can be told from a literal `{}`.
const jsonOptions = { limit: jsonBodyLimitBytes, strict: true, returnRawBody: true } as const;

/** The parsed body, or undefined when an optional body was left out. */
export async function readJsonBody(ctx: Context, required: boolean): Promise<unknown> {
  if (!ctx.is('application/json')) {
    if (mayHaveBody(ctx)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Unsupported content type ${ctx.get('content-type') || 'none'}: the request body must be application/json`,
      );
    }
    if (required) throw new AppError('BAD_REQUEST', 'the request has no body: send a JSON object as application/json');
    return undefined;
  }
  let body: { parsed: unknown; raw: string };
  try {
    body = await parseJsonText(ctx, jsonOptions);
  } catch (error) {
    throw notJson(error);
  }
  if (!required && body.raw === '') return undefined;
  return body.parsed;
}

/** A declared length above zero, or a chunked body whose length nobody knows yet. */
function mayHaveBody(ctx: Context): boolean {
  return (ctx.request.length ?? 0) > 0 || ctx.get('transfer-encoding') !== '';
}

/**
 * co-body marks unparsable text 400 without a message it exposes; say what is wrong instead.
 * The parser's own message quotes the body, which may hold a secret (`apiToken`): not sent.
 */
function notJson(error: unknown): unknown {
  if (!(error instanceof SyntaxError) || (error as { status?: unknown }).status !== 400) return error;
  return new AppError('BAD_REQUEST', 'request body is not valid JSON: send a JSON object', { cause: error });
}
