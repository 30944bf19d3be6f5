// The typed client of the business GraphQL API over GraphQL-over-HTTP (`POST /graphql`, with
// `X-API-Key`). A call answers `{data}` or `{errors, data?}`; errors carry a typed
// `extensions.code` (docs/error-codes.md). Queries are retried; a mutation only when it carries
// an idempotency key the server keeps, which the client adds when the caller gave none
// (docs/sdk.md#retries). DateTime fields come back as Dates.
import type { Transport } from './http-transport.ts';
import { type DateTree, type TypedDocument, reviveDates } from './typed-document.ts';
import { UnexpectedResponseError } from './sdk-errors.ts';

/** One error of a GraphQL response; `C` is the union of codes (generated from the service's error table). */
export interface GraphqlError<C extends string = string> {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions: {
    code: C;
    /** With RATE_LIMITED and SERVICE_UNAVAILABLE: seconds to wait. */
    retryAfterSeconds?: number;
    /** With BAD_USER_INPUT for a malformed request: each failing field. */
    details?: readonly { path: string; message: string }[];
  };
}

export type GraphqlResult<R, C extends string = string> =
  | { data: R; errors: undefined; response: Response }
  | { data: R | null | undefined; errors: readonly GraphqlError<C>[]; response: Response };

export interface GraphqlCallOptions {
  /** `X-Acting-User` for this call (docs/identity.md#acting-user). */
  actingUser?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Variables may be left out when none is required. */
export type VariablesArgs<V, O> =
  Record<never, never> extends V ? [variables?: V, options?: O] : [variables: V, options?: O];

export interface GraphqlClient<C extends string = string> {
  request<R, V>(
    document: TypedDocument<R, V>,
    ...args: VariablesArgs<V, GraphqlCallOptions>
  ): Promise<GraphqlResult<R, C>>;
}

const retryableCodes = new Set(['RATE_LIMITED', 'SERVICE_UNAVAILABLE']);

export function createGraphqlClient<C extends string = string>(transport: Transport): GraphqlClient<C> {
  return {
    async request<R, V>(
      document: TypedDocument<R, V>,
      ...[variables, options = {}]: VariablesArgs<V, GraphqlCallOptions>
    ) {
      const values = withIdempotencyKey(document, variables as Record<string, unknown> | undefined);
      const response = await transport.send({
        method: 'POST',
        path: '/graphql',
        headers: {
          accept: 'application/graphql-response+json, application/json',
          'content-type': 'application/json',
          ...(options.actingUser ? { 'x-acting-user': options.actingUser } : {}),
          ...options.headers,
        },
        body: JSON.stringify({ query: document.text, operationName: document.name, variables: values }),
        security: [['apiKey']],
        retry: document.kind === 'query' || document.idempotencyKey === true,
        retryAnswer: retryableAnswer,
        signal: options.signal,
      });
      return readResult<R, C>(response, document.dates);
    },
  };
}

/** A mutation the server deduplicates by `input.idempotencyKey` gets one, so that retrying it is safe. */
function withIdempotencyKey(document: { idempotencyKey?: boolean }, variables?: Record<string, unknown>) {
  const input = variables?.input as Record<string, unknown> | undefined;
  if (!document.idempotencyKey || !input || input.idempotencyKey != null) return variables;
  return { ...variables, input: { ...input, idempotencyKey: crypto.randomUUID() } };
}

/** A 200 without data whose every error is RATE_LIMITED or SERVICE_UNAVAILABLE: retry after its delay. */
async function retryableAnswer(response: Response): Promise<number | null | false> {
  const body: any = await response.json().catch(() => null);
  const errors: GraphqlError[] | undefined = body?.errors;
  if (body?.data != null || !errors?.length) return false;
  if (!errors.every((error) => retryableCodes.has(error.extensions?.code))) return false;
  return errors[0]?.extensions.retryAfterSeconds ?? null;
}

async function readResult<R, C extends string>(response: Response, dates?: DateTree): Promise<GraphqlResult<R, C>> {
  const text = await response.text();
  let body: { data?: R | null; errors?: GraphqlError<C>[] } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!body || (body.data === undefined && !Array.isArray(body.errors))) {
    throw new UnexpectedResponseError('POST', '/graphql', response.status, text);
  }
  reviveDates(body.data, dates);
  if (body.errors?.length) return { data: body.data, errors: body.errors, response };
  return { data: body.data as R, errors: undefined, response };
}
