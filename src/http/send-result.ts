// Writes a handler's typed result to the Koa response.
import type { Context } from 'koa';

export interface HandlerResult {
  status: number | string;
  contentType?: string | number | symbol;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: readonly CookieInstruction[];
}

/**
 * A cookie to set (or clear, with `value: null`); always HttpOnly and SameSite=Lax
 * (docs/identity.md#sessions).
 */
export interface CookieInstruction {
  name: string;
  value: string | null;
  path?: string;
  maxAgeSeconds?: number;
  /** Secure under https (PUBLIC_URL), also behind a proxy that terminates TLS. */
  secure: boolean;
}

export function sendResult(ctx: Context, result: HandlerResult): void {
  for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
  for (const cookie of result.cookies ?? []) setCookie(ctx, cookie);
  ctx.status = Number(result.status);
  if (result.body === undefined) {
    // Koa turns a null body into 204, which must not happen to a redirect.
    ctx.body = ctx.status >= 300 && ctx.status < 400 ? '' : null;
    return;
  }
  // A media range in openapi.yaml (`*/*`, uploaded files) names no type: the handler sends
  // the real one in its Content-Type header.
  if (typeof result.contentType === 'string' && !result.contentType.includes('*')) ctx.type = result.contentType;
  // Koa serializes objects as JSON and keeps the content type set above.
  ctx.body = result.body as Context['body'];
}

function setCookie(ctx: Context, cookie: CookieInstruction): void {
  // The `cookies` module refuses Secure on a plain connection; PUBLIC_URL decides instead.
  (ctx.cookies as unknown as { secure: boolean }).secure = cookie.secure;
  ctx.cookies.set(cookie.name, cookie.value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    path: cookie.path ?? '/',
    overwrite: true,
    signed: false,
    ...(cookie.value !== null && cookie.maxAgeSeconds !== undefined ? { maxAge: cookie.maxAgeSeconds * 1000 } : {}),
  });
}
