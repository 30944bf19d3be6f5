// Reads the JSON body of an operation for the router (docs/architecture.md "Requests"), through
// the one body reader of every front door (src/request-envelope/read-body.ts). An optional body
// (`requestBody.required: false`, e.g. openapi.yaml#/paths/~1auth~1wallet-jwt) may be left out:
// no body at all, or an empty one sent as application/json, is "no body". A body that is there
// must be JSON: another content type is 415, text that is not JSON 400; a required body that is
// missing is 400.
import type { Context } from 'koa';
import { AppError } from '../errors/app-error.ts';
import { jsonBodyLimitBytes } from '../request-envelope/body-limit.ts';
import { type BodyLimit, readBody } from '../request-envelope/read-body.ts';

/**
 * A body longer than the limit though its length was not declared (chunked): 413, the rest left
 * unread. (A declared length over it never gets here: router.ts refuses it first.)
 */
const jsonBodyLimit: BodyLimit = {
  bytes: jsonBodyLimitBytes,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', 'request entity too large'),
  cut: false,
};

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
  const text = utf8Text(await readJsonBytes(ctx));
  // An empty body is "no body" when it may be left out; a required one is then the empty object.
  if (text === '') return required ? {} : undefined;
  return parseJsonText(text);
}

/** A body that stopped arriving (its client gone) is the client's fault: 400, as any refused body. */
async function readJsonBytes(ctx: Context): Promise<Buffer> {
  try {
    return await readBody(ctx.req, jsonBodyLimit);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'request aborted', { cause: error });
  }
}

/** A declared length above zero, or a chunked body whose length nobody knows yet. */
function mayHaveBody(ctx: Context): boolean {
  return (ctx.request.length ?? 0) > 0 || ctx.get('transfer-encoding') !== '';
}

/** The body as UTF-8 text, a byte order mark dropped. */
function utf8Text(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** RFC 8259 whitespace, then the start of an object or an array. */
const objectOrArrayStart = /^[\x20\x09\x0a\x0d]*(\[|\{)/;
/** A `"__proto__":` key in the text, in any escaping: only then is the parsed value scanned. */
const prototypeKeySuspect =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/**
 * An object or an array (a bare value is refused), holding no `__proto__` key, which a later
 * copy or merge could turn into a prototype. What is wrong is said without quoting the body,
 * which may hold a secret (`apiToken`).
 */
function parseJsonText(text: string): unknown {
  if (!objectOrArrayStart.test(text)) throw notJson();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw notJson(error);
  }
  if (prototypeKeySuspect.test(text) && holdsPrototypeKey(parsed)) throw notJson();
  return parsed;
}

/** Whether any object in `value`, at any depth, has an own `__proto__` key; breadth first, no recursion. */
function holdsPrototypeKey(value: unknown): boolean {
  let level: object[] = [value as object];
  while (level.length > 0) {
    const next: object[] = [];
    for (const node of level) {
      if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
      for (const member of Object.values(node)) if (member && typeof member === 'object') next.push(member);
    }
    level = next;
  }
  return false;
}

function notJson(cause?: unknown): AppError {
  return new AppError('BAD_REQUEST', 'request body is not valid JSON: send a JSON object', { cause });
}
