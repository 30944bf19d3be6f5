// The typed REST client: one method per operationId of openapi.yaml, driven by the generated
// operation table (sdk/src/generated/rest-operations.ts). A call answers `{data}` or `{error}`
// like openapi-fetch; `error` is the operation's union of declared error answers, so a `switch`
// on `status` and `code` covers it (docs/sdk.md#errors). Reads (GET, HEAD) are retried.
import type { Credentials } from './client-options.ts';
import type { Transport } from './http-transport.ts';
import { UnexpectedResponseError } from './sdk-errors.ts';

/** One row of the generated operation table. */
export interface RestOperationSpec {
  readonly method: string;
  /** The path template, e.g. `/invoices/{invoiceId}`. */
  readonly path: string;
  readonly security: readonly (readonly string[])[];
  readonly body?: 'json' | 'multipart';
  /** The error statuses (4xx, 5xx) the operation declares. */
  readonly errors: readonly number[];
}

/** The types of one operation, generated from openapi.yaml. */
export interface RestOperationTypes {
  input: RestInput;
  inputRequired: boolean;
  data: unknown;
  error: unknown;
}

export interface RestInput {
  path?: object;
  query?: object;
  header?: object;
  body?: unknown;
}

/** A declared error answer: its status, its `code` (`ErrorCode` of openapi.yaml; null where the body has none) and its body. */
export interface RestError<S extends number, C, B> {
  status: S;
  code: C;
  message: string;
  requestId: string | undefined;
  body: B;
}

/** How to read a success body: `auto` by its content type (JSON parsed, text as a string, anything else as bytes). */
export type ParseAs = 'auto' | 'json' | 'text' | 'bytes' | 'stream' | 'blob';

type Parsed<T, P extends ParseAs> = P extends 'bytes'
  ? Uint8Array
  : P extends 'stream'
    ? ReadableStream<Uint8Array>
    : P extends 'text'
      ? string
      : P extends 'blob'
        ? Blob
        : T;

export interface CallOptions<P extends ParseAs> {
  as?: P;
  /** Credentials for this call, over the client's (e.g. `{ signedUrlToken }`). */
  auth?: Credentials;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type RestResult<D, E> =
  { data: D; error: undefined; response: Response } | { data: undefined; error: E; response: Response };

type Call<O extends RestOperationTypes, P extends ParseAs> = Promise<RestResult<Parsed<O['data'], P>, O['error']>>;

export type RestMethod<O extends RestOperationTypes> = O['inputRequired'] extends true
  ? <P extends ParseAs = 'auto'>(input: O['input'], options?: CallOptions<P>) => Call<O, P>
  : <P extends ParseAs = 'auto'>(input?: O['input'], options?: CallOptions<P>) => Call<O, P>;

export type RestClient<Ops extends { [K in keyof Ops]: RestOperationTypes }> = { [K in keyof Ops]: RestMethod<Ops[K]> };

export function createRestClient<Ops extends { [K in keyof Ops]: RestOperationTypes }>(
  table: { readonly [K in keyof Ops]: RestOperationSpec },
  transport: Transport,
): RestClient<Ops> {
  const client: Record<string, unknown> = {};
  for (const [operationId, spec] of Object.entries<RestOperationSpec>(table)) {
    client[operationId] = (input: RestInput = {}, options: CallOptions<ParseAs> = {}) =>
      call(transport, spec, input, options);
  }
  return client as RestClient<Ops>;
}

async function call(transport: Transport, spec: RestOperationSpec, input: RestInput, options: CallOptions<ParseAs>) {
  const path = pathWithQuery(spec.path, input);
  const response = await transport.send({
    method: spec.method,
    path,
    headers: { ...(input.header as Record<string, string>), ...options.headers, ...contentHeaders(spec, input) },
    body: requestBody(spec, input.body),
    security: spec.security,
    retry: spec.method === 'GET' || spec.method === 'HEAD',
    auth: options.auth,
    signal: options.signal,
  });
  if (response.status < 400)
    return { data: await readBody(response, options.as ?? 'auto'), error: undefined, response };
  const text = await response.text();
  if (!spec.errors.includes(response.status)) {
    throw new UnexpectedResponseError(spec.method, path, response.status, text);
  }
  return { data: undefined, error: errorOf(response, text), response };
}

function pathWithQuery(template: string, input: RestInput): string {
  const values = (input.path ?? {}) as Record<string, unknown>;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item != null) query.append(name, String(item));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function contentHeaders(spec: RestOperationSpec, input: RestInput): Record<string, string> {
  return spec.body === 'json' && input.body !== undefined ? { 'content-type': 'application/json' } : {};
}

function requestBody(spec: RestOperationSpec, body: unknown): RequestInit['body'] {
  if (body === undefined) return undefined;
  if (spec.body !== 'multipart' || body instanceof FormData)
    return spec.body === 'json' ? JSON.stringify(body) : (body as RequestInit['body']);
  // A plain object becomes multipart fields: arrays repeat their field, files stay Blobs.
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item != null) form.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}

async function readBody(response: Response, as: ParseAs): Promise<unknown> {
  if (as === 'stream') return response.body;
  if (as === 'bytes') return new Uint8Array(await response.arrayBuffer());
  if (as === 'blob') return response.blob();
  if (as === 'text') return response.text();
  const type = response.headers.get('content-type') ?? '';
  if (as === 'json' || /[/+]json\b/.test(type)) return response.json();
  if (response.body === null || [204, 302, 304].includes(response.status)) return undefined;
  if (/^text\/|\/svg\+xml|\/xml/.test(type)) return response.text();
  return new Uint8Array(await response.arrayBuffer());
}

/** The error value of a declared error answer: the REST `Error` body, or a GraphQL error body's first error. */
function errorOf(response: Response, text: string): RestError<number, unknown, unknown> {
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the body stays text, and the error has no code.
  }
  const first = body?.errors?.[0];
  return {
    status: response.status,
    code: body?.code ?? first?.extensions?.code ?? null,
    message: body?.message ?? first?.message ?? `HTTP ${response.status}`,
    requestId: body?.requestId ?? response.headers.get('x-request-id') ?? undefined,
    body,
  };
}
