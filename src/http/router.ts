// Binds every operation of generated/openapi/operations.ts to its handler
// (docs/requests.md#the-router): authenticate per the operation's security, validate with the
// generated validators, call the handler, check its typed result against the spec where
// configured, write it. Unknown routes answer 404 with
// the error body.
import { tmpdir } from 'node:os';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { type OperationId, operations } from '../../generated/openapi/operations.ts';
import type { Handlers } from '../../generated/openapi/handlers.ts';
import { AppError } from '../errors/app-error.ts';
import type { Authenticator } from './authenticate.ts';
import type { HttpState } from './koa-state.ts';
import type { ErrorBodyWriter } from './middleware/error-body.ts';
import type { OperationDefinition } from './operation-definition.ts';
import { KoaRequestContext } from './koa-request-context.ts';
import type { RequestContext } from './request-context.ts';
import { type MultipartFormSpec, multipartFormSpecs } from './multipart/multipart-form-specs.ts';
import { type ReceivedMultipartForm, receiveMultipartForm } from './multipart/receive-multipart-form.ts';
import type { Logger } from 'pino';
import { readJsonBody } from './read-json-body.ts';
import { refuseEncodedBody } from './refuse-encoded-body.ts';
import { closeAfterAnswer, declaredOverLimit, jsonBodyLimitBytes } from '../request-envelope/body-limit.ts';
import { sendResult, type HandlerResult } from './send-result.ts';
import { validateJsonBody, validateParameters } from './validate-request.ts';
import { checkResponse, type ResponseValidation } from './validate-response.ts';

/** An operation served by a transport of its own (the GraphQL endpoint), after authentication. */
export interface Transport {
  serve: Middleware<HttpState>;
  /**
   * Writes every error answer of the operation, from its rate limit and authentication on,
   * in the transport's shape (docs/error-codes.md#where-each-face-puts-the-code).
   */
  writeErrorBody: ErrorBodyWriter;
}

export interface RouterOptions {
  handlers: Handlers;
  transports?: Partial<Record<OperationId, Transport>>;
  notImplemented: ReadonlySet<OperationId>;
  authenticate: Authenticator;
  /** Middleware that runs before authentication for an operation (rate limits). */
  guards?: Partial<Record<OperationId, Middleware<HttpState>>>;
  /** Extra error-body members for a failed authentication (`GET /auth/session`: `active: false`). */
  unauthenticatedFields?: Partial<Record<OperationId, Record<string, unknown>>>;
  /** Where multipart file parts wait while their request runs; the OS temporary directory by default. */
  multipartTempDir?: string;
  /** Check each handler's answer against openapi.yaml (docs/requests.md#response-validation); `off` when absent. */
  responseValidation?: ResponseValidation;
  logger: Logger;
}

export interface Routes {
  readonly router: Router<HttpState>;
  /**
   * Serves the request: a method and path that equal a route without parameters (`GET /healthz`,
   * `POST /graphql`) by one lookup, anything else through the `mounts`, then the router's
   * matching (docs/requests.md#the-router).
   */
  readonly routes: Middleware<HttpState>;
}

/**
 * `mounts`: middleware serving paths of their own ahead of the router's matching (the development
 * identity provider under /dev-oidc), never entered for a route the lookup serves.
 */
export function createRouter(options: RouterOptions, mounts: readonly Middleware<HttpState>[] = []): Routes {
  const router = new Router<HttpState>();
  const fixed: { method: string; path: string; bound: Middleware<HttpState> }[] = [];
  for (const id of Object.keys(operations) as OperationId[]) {
    const operation: OperationDefinition = operations[id];
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
    const bound = bindOperation(id, operation, options);
    router[method](operation.routerPath, bound);
    if (!operation.routerPath.includes(':'))
      fixed.push({ method: operation.method.toUpperCase(), path: operation.routerPath, bound });
  }
  const exact = exactRoutes(router, fixed);
  const matching = mounts.reduceRight<Middleware<HttpState>>(
    (inner, mount) => (ctx, next) => mount(ctx, () => inner(ctx, next)),
    router.routes() as unknown as Middleware<HttpState>,
  );
  return {
    router,
    routes: (ctx, next) => {
      const bound = exact.get(`${ctx.method} ${ctx.path}`);
      if (!bound) return matching(ctx, next);
      ctx.params = {};
      return bound(ctx, next);
    },
  };
}

/**
 * The routes a request reaches by exact method and path: each route without parameters, under
 * its method (and HEAD for GET, as the router answers it), where the router itself would pick
 * it first (an earlier route with parameters matching the same path keeps it).
 */
function exactRoutes(
  router: Router<HttpState>,
  fixed: readonly { method: string; path: string; bound: Middleware<HttpState> }[],
): Map<string, Middleware<HttpState>> {
  const exact = new Map<string, Middleware<HttpState>>();
  for (const { method, path, bound } of fixed) {
    for (const asked of method === 'GET' ? ['GET', 'HEAD'] : [method]) {
      const first = router.match(path, asked).pathAndMethod[0];
      if (first?.stack.length === 1 && first.stack[0] === bound) exact.set(`${asked} ${path}`, bound);
    }
  }
  return exact;
}

function bindOperation(id: OperationId, operation: OperationDefinition, options: RouterOptions): Middleware<HttpState> {
  const takesJson = operation.requestBody?.contentTypes.includes('application/json') ?? false;
  const multipart = operation.requestBody?.contentTypes.includes('multipart/form-data') ? multipartSpecOf(id) : null;
  const multipartTempDir = options.multipartTempDir ?? tmpdir();
  const responseValidation = options.responseValidation ?? 'off';
  const transport = options.transports?.[id];
  const guard = options.guards?.[id];
  const unauthenticatedFields = options.unauthenticatedFields?.[id];
  const queryNames = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  // Only `{}` alternatives (the health probes): the caller is anonymous whatever it sends.
  const anonymousOnly =
    operation.security.length > 0 && operation.security.every((alternative) => alternative.length === 0);
  return async (ctx, next) => {
    ctx.state.route = operation.path;
    if (transport) ctx.state.writeErrorBody = transport.writeErrorBody;
    if (guard) await guard(ctx, async () => {});
    // An operation not built yet still validates its input, so client teams can develop
    // against the contract; it skips authentication, which may not exist for it yet.
    const pending = options.notImplemented.has(id);
    if (!pending && !anonymousOnly)
      ctx.state.principal = await authenticate(ctx, id, operation, options.authenticate, unauthenticatedFields);
    if (operation.requestBody) refuseEncodedBody(ctx);
    if (takesJson) refuseOversizedBody(ctx);
    if (transport && !pending) return transport.serve(ctx, next);
    const parts = {
      path: { ...ctx.params },
      // Only the query parameters openapi.yaml declares: others are ignored, whatever they hold.
      query:
        queryNames.size === 0
          ? {}
          : Object.fromEntries(Object.entries(ctx.query).filter(([name]) => queryNames.has(name))),
      headers: { ...ctx.headers },
      cookies: {},
    };
    validateParameters(id, parts);
    let body: unknown;
    if (takesJson) {
      body = await readJsonBody(ctx, operation.requestBody?.required ?? false);
      if (body !== undefined) validateJsonBody(id, body);
    }
    if (pending) throw new AppError('NOT_IMPLEMENTED', `not implemented: ${id}`);
    // Multipart bodies: files wait in temporary files, removed once the request is answered.
    let form: ReceivedMultipartForm | undefined;
    if (multipart) {
      form = await receiveMultipartForm(ctx, multipart, { tempDir: multipartTempDir, principal: ctx.state.principal });
      body = form.form;
    }
    try {
      const handler = options.handlers[id] as (input: unknown, context: RequestContext) => Promise<HandlerResult>;
      const result = await handler({ ...parts, body }, new KoaRequestContext(ctx, options.logger));
      checkResponse(responseValidation, operation, result, options.logger);
      sendResult(ctx, result);
    } finally {
      await form?.dispose();
    }
  };
}

/**
 * A JSON body whose declared Content-Length is over the limit is 413 before any of it is read
 * (openapi.yaml#/components/responses/PayloadTooLarge); the connection then closes.
 */
function refuseOversizedBody(ctx: Context): void {
  const declared = declaredOverLimit(ctx.req, jsonBodyLimitBytes);
  if (declared === undefined) return;
  closeAfterAnswer(ctx.res);
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `Too large: the request body may be at most ${jsonBodyLimitBytes} bytes, Content-Length says ${declared}`,
  );
}

/** The form an operation with a multipart/form-data body accepts; stating none is a bug. */
function multipartSpecOf(id: OperationId): MultipartFormSpec {
  const spec = multipartFormSpecs[id];
  if (!spec)
    throw new Error(
      `${id} takes multipart/form-data but src/http/multipart/multipart-form-specs.ts does not describe its form`,
    );
  return spec;
}

async function authenticate(
  ctx: Context,
  id: OperationId,
  operation: OperationDefinition,
  authenticator: Authenticator,
  unauthenticatedFields: Record<string, unknown> | undefined,
) {
  try {
    return await authenticator(ctx, id, operation.security);
  } catch (error) {
    if (unauthenticatedFields && error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      throw new AppError(error.code, error.message, {
        retryAfterSeconds: error.retryAfterSeconds,
        bodyFields: unauthenticatedFields,
        cause: error.cause,
      });
    }
    throw error;
  }
}

/** The fallback after the router: nothing matched, or the path exists with another method. */
export function unmatchedRoute(router: Router<HttpState>): Middleware<HttpState> {
  return async (ctx) => {
    const allowed = router.stack.filter((layer) => layer.match(ctx.path)).flatMap((layer) => layer.methods);
    if (allowed.length > 0) {
      ctx.set('Allow', [...new Set(allowed)].join(', '));
      throw new AppError('METHOD_NOT_ALLOWED', `method ${ctx.method} is not allowed on ${shownPath(ctx.path)}`);
    }
    throw new AppError('NOT_FOUND', `no route for ${ctx.method} ${shownPath(ctx.path)}`);
  };
}

/** The path as an error message quotes it: openapi.yaml `Error.message` holds at most 2,000 characters. */
function shownPath(path: string): string {
  const shown = 200;
  return path.length > shown ? `${path.slice(0, shown)}… (${path.length} characters)` : path;
}
