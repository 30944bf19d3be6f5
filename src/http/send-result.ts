// Writes a handler's typed result to the Koa response.
import type { Context } from 'koa';

export interface HandlerResult {
  status: number | string;
  contentType?: string | number | symbol;
  body?: unknown;
  headers?: Record<string, string>;
}

export function sendResult(ctx: Context, result: HandlerResult): void {
  for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
  ctx.status = Number(result.status);
  if (result.body === undefined) {
    ctx.body = null;
    return;
  }
  if (typeof result.contentType === 'string') ctx.type = result.contentType;
  // Koa serializes objects as JSON and keeps the content type set above.
  ctx.body = result.body as Context['body'];
}
