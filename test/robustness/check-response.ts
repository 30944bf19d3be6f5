// What every fuzzed answer must be (docs/robustness.md#what-a-response-must-be): below 500 unless
// it is a 503, 504 or 507 the face documents (with `Retry-After` where documented); a body of the
// route's documented shape (openapi.yaml through the contract check, the data layer's
// `{"errors":[{"message","extensions":{"code","path"}}]}`), JSON that parses wherever JSON is
// declared; no stack trace and no content of a file outside the service's folders.
import path from 'node:path';
import { assertMatchesContract } from '../support/openapi-contract.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { aliasFloodVariant } from './graphql-mutations.ts';
import { disclosureMarkers } from './hostile-strings.ts';
import type { FuzzOperation } from './openapi-operations.ts';
import type { FuzzResponse } from './send-request.ts';

/** Server errors a face may answer on purpose: a dependency down, slow, or out of room. */
const documentedServerErrors = new Set([503, 504, 507]);

/** docs/error-codes.md: the data layer answers SERVICE_UNAVAILABLE (503, `Retry-After`) only. */
const dataLayerServerErrors = new Set([503]);

/** Methods openapi.yaml can describe an answer for; others are checked for status and content only. */
const contractMethods = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** A V8 stack frame (`at fn (file:///…/x.ts:12:5)`, `at node:internal/…:3:9`), in text or escaped in JSON. */
const stackFrame = /(?:^|\n|\\n)\s*at (?:async )?(?:\S+ \()?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?/;

/** Where the service runs from: no answer may reveal it. */
const repositoryPath = path.resolve(import.meta.dirname, '../..');

export function checkResponse(request: FuzzRequest, response: FuzzResponse, operations: FuzzOperation[]): string[] {
  const problems: string[] = [];
  const contentType = String(response.headers['content-type'] ?? '');
  const text = isText(contentType) ? response.body.toString('utf8') : '';
  const pathname = pathnameOf(request.path);
  const operation = findOperation(operations, request.method, routedPath(pathname));

  if (request.variant.includes(`document:${aliasFloodVariant}`) && response.status >= 500)
    problems.push(`an alias flood answered ${response.status}: its cost limits must refuse it with a 4xx`);
  if (response.status >= 500) {
    const allowed = request.port === 'data' ? dataLayerServerErrors : documentedServerErrors;
    const declared = request.port === 'data' || operation?.responses[String(response.status)] !== undefined;
    if (!allowed.has(response.status) || !declared) problems.push(`server error ${response.status}`);
  }
  for (const status of [429, 503]) {
    if (response.status !== status) continue;
    const promised = request.port === 'data' || operation?.responses[String(status)]?.includes('Retry-After');
    if (promised && !/^\d+$/.test(String(response.headers['retry-after'] ?? '')))
      problems.push(`${status} without a Retry-After of whole seconds`);
  }
  const bodyProblem = checkBody(request, response, contentType, text, pathname);
  if (bodyProblem) problems.push(bodyProblem);
  if (stackFrame.test(text)) problems.push('the body shows a stack trace');
  if (text.includes(repositoryPath)) problems.push(`the body shows the service's folder ${repositoryPath}`);
  const marker = disclosureMarkers.find((candidate) => text.includes(candidate));
  if (marker) problems.push(`the body holds a file from outside the service (${marker})`);
  return problems;
}

function checkBody(
  request: FuzzRequest,
  response: FuzzResponse,
  contentType: string,
  text: string,
  pathname: string,
): string | null {
  if (isNodeRefusal(response, contentType) || request.method === 'HEAD') return null;
  if (isExplorerAnswer(request, response, contentType, pathname)) return null;
  if (request.port === 'data') {
    if (pathname === '/v1/graphql') return checkDataLayerBody(response, contentType, text);
    return isJson(contentType) ? parseProblem(text) : null;
  }
  if (!contractMethods.has(request.method)) return isJson(contentType) ? parseProblem(text) : null;
  try {
    assertMatchesContract(request.method, routedPath(pathname), response.status, contentType || null, text);
    return null;
  } catch (error) {
    return `contract: ${(error as Error).message.slice(0, 600)}`;
  }
}

/**
 * The API explorer's pages and files (docs/api-explorer.md), on by default and outside
 * openapi.yaml: a GET of its paths, or of a GraphQL endpoint preferring HTML (the fuzz's noise
 * `Accept: text/html`), is a 200 of the type the path serves.
 */
function isExplorerAnswer(
  request: FuzzRequest,
  response: FuzzResponse,
  contentType: string,
  pathname: string,
): boolean {
  if (request.method !== 'GET' || response.status !== 200) return false;
  const pages: Record<string, RegExp> =
    request.port === 'data'
      ? { '/v1/graphql': /^text\/html;/ }
      : {
          '/graphql': /^text\/html;/,
          '/docs': /^text\/html;/,
          '/openapi.json': /^application\/json;/,
          '/openapi.yaml': /^application\/yaml$/,
        };
  const files = /^\/api-explorer\/assets\/[a-z.-]+$/.test(pathname) ? /^text\/(javascript|css);/ : undefined;
  const expected = pages[pathname] ?? files;
  return expected !== undefined && expected.test(contentType);
}

function checkDataLayerBody(response: FuzzResponse, contentType: string, text: string): string | null {
  if (!isJson(contentType)) return `data layer answered ${contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'data layer body is not JSON';
  }
  // A batch (a JSON array of operations, docs/data-layer.md#batched-requests) answers 200 with an
  // array: each element is one operation's own answer, data or errors.
  if (Array.isArray(body)) {
    if (response.status !== 200) return `a batch answered ${response.status} with an array`;
    for (const element of body) {
      const problem = checkDataLayerAnswer(response, element as DataLayerAnswer, text);
      if (problem) return `batch element: ${problem}`;
    }
    return null;
  }
  return checkDataLayerAnswer(response, body as DataLayerAnswer, text);
}

type DataLayerAnswer = { data?: unknown; errors?: unknown } | null;

function checkDataLayerAnswer(response: FuzzResponse, body: DataLayerAnswer, text: string): string | null {
  if (body === null || typeof body !== 'object') return 'data layer answer is not an object';
  if (body.errors === undefined)
    return response.status === 200 && body.data !== undefined ? null : 'neither data nor errors';
  const errors = body.errors as { message?: unknown; extensions?: { code?: unknown; path?: unknown } }[];
  const wellFormed =
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every(
      (error) =>
        typeof error.message === 'string' &&
        typeof error.extensions?.code === 'string' &&
        typeof error.extensions.path === 'string',
    );
  return wellFormed ? null : `data layer errors are not {message, extensions: {code, path}}: ${text.slice(0, 300)}`;
}

function parseProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    return `body is not JSON: ${text.slice(0, 200)}`;
  }
}

/**
 * Node's HTTP parser answers what it cannot parse (a target with bytes beyond ASCII, a head over
 * 16 KiB, conflicting lengths, an unknown expectation) itself, before the service sees it: a
 * bare status with `Connection: close` and no body.
 */
function isNodeRefusal(response: FuzzResponse, contentType: string): boolean {
  return (
    [400, 413, 417, 431].includes(response.status) &&
    contentType === '' &&
    response.body.length === 0 &&
    response.headers.connection === 'close' &&
    response.headers['x-request-id'] === undefined
  );
}

/**
 * The path as the router matches it (@koa/router's defaults: case-insensitive, a trailing slash
 * optional), so the contract check looks up the operation the service actually ran.
 */
function routedPath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return trimmed.toLowerCase();
}

const isJson = (contentType: string) => /[/+]json\b/i.test(contentType);

const isText = (contentType: string) => contentType === '' || /json|text|html|xml|svg|javascript/i.test(contentType);

/** The path as the server routes it: not normalized, no query; an absolute-form target's path. */
export function pathnameOf(target: string): string {
  const withoutQuery = target.split(/[?#]/)[0] ?? '';
  if (/^https?:\/\//i.test(withoutQuery)) return withoutQuery.replace(/^https?:\/\/[^/]*/i, '') || '/';
  return withoutQuery;
}

const patterns = new WeakMap<FuzzOperation, RegExp>();

function findOperation(operations: FuzzOperation[], method: string, pathname: string): FuzzOperation | undefined {
  return operations.find((operation) => {
    if (operation.method !== method) return false;
    let pattern = patterns.get(operation);
    if (!pattern) {
      pattern = new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');
      patterns.set(operation, pattern);
    }
    return pattern.test(pathname);
  });
}
